// When a visit's first page has shown (src/lib/remotes.ts calls pageShown): a shopper's remote route once
// the remote's page, not its skeleton, has rendered; any other route once the shell has rendered it.
// Work the page itself does not need (the service worker's install) waits for it, then for idle.

/** Runs `run` when the browser has nothing else to do (at the latest after 5 s). */
export function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 2000);
}

let shown = false;
const waiting: (() => void)[] = [];

/** A page has shown; the first call runs what waited for it, on idle. */
export function pageShown(): void {
  if (shown) return;
  shown = true;
  for (const run of waiting.splice(0)) whenIdle(run);
}

/** Runs `run` on idle once the visit's first page has shown. */
export function afterFirstPageShown(run: () => void): void {
  if (shown) whenIdle(run);
  else waiting.push(run);
}
