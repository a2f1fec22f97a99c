import { useSyncExternalStore } from 'react';

// The router (wouter, docs/design.md "Router") tracks the path and the query; the #fragment and the
// history state are read here from the page itself. wouter's own hooks for them live in its
// `wouter/use-browser-location` subpath, which a shared singleton cannot cover without bundling a second
// copy of that module, so the apps import only `wouter` and these.

/** Every way the page's URL changes: the back button, links and navigations (wouter announces its
 * pushState and replaceState calls as events of those names), and a #fragment followed by the browser. */
const URL_EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'];

function subscribe(onChange: () => void) {
  for (const event of URL_EVENTS) window.addEventListener(event, onChange);
  return () => {
    for (const event of URL_EVENTS) window.removeEventListener(event, onChange);
  };
}

const readHash = () => window.location.hash;
const noHash = () => '';
const readState = (): unknown => window.history.state;
const noState = () => null;

/** The page's #fragment (with the `#`, or ''), kept current across navigations. */
export function usePageHash(): string {
  return useSyncExternalStore(subscribe, readHash, noHash);
}

/** The history state the current entry was pushed with (`navigate(to, { state })`), or null. */
export function useHistoryState(): unknown {
  return useSyncExternalStore(subscribe, readState, noState);
}
