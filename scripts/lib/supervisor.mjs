// Keeps one process of `npm start` running: when it dies it is started again after a pause that
// doubles with each quick death (1 s, 2 s, 4 s ... at most 30 s) and resets once it has stayed up a
// while, and every death and restart is logged. One remote or the API dying is not a reason to stop
// the shop (README "Releasing a remote"). A process refusing its configuration (exit EX_CONFIG) is
// not started again: the same settings would be refused again, every 30 s, for ever.

export const BACKOFF = { firstMs: 1000, maxMs: 30_000, stableMs: 30_000 };
/** The API's exit code for a configuration it refuses (api/src/server.ts; sysexits' EX_CONFIG). */
export const EXIT_CONFIG = 78;

/** The pause before restart number `attempt` (1-based). */
export function backoffDelay(attempt, { firstMs, maxMs } = BACKOFF) {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * @param {object} options
 * @param {string} options.name for the log
 * @param {() => import('node:child_process').ChildProcess} options.start spawns the process
 * @param {(line: string) => void} [options.log]
 * @param {typeof BACKOFF} [options.backoff]
 * @param {() => number} [options.now]
 * @param {(run: () => void, ms: number) => unknown} [options.schedule]
 * @param {(code: number) => void} [options.onGiveUp] called when the process refused its
 *   configuration and is left stopped
 * @returns {{ readonly child: import('node:child_process').ChildProcess, readonly restarts: number, stop: () => Promise<void> }}
 */
export function supervise({
  name,
  start,
  log = console.error,
  backoff = BACKOFF,
  now = Date.now,
  schedule = (run, ms) => setTimeout(run, ms).unref(),
  onGiveUp = () => {},
}) {
  let child;
  let stopped = false;
  let quickDeaths = 0;
  let restarts = 0;
  let startedAt = 0;

  const launch = () => {
    startedAt = now();
    child = start();
    child.once('exit', (code, signal) => {
      if (stopped) return;
      if (code === EXIT_CONFIG) {
        stopped = true;
        log(`${name} refused its configuration (listed above); not restarted until it is fixed`);
        onGiveUp(code);
        return;
      }
      if (now() - startedAt >= backoff.stableMs) quickDeaths = 0;
      quickDeaths += 1;
      const delay = backoffDelay(quickDeaths, backoff);
      log(
        `${name} stopped unexpectedly (${signal ? `signal ${signal}` : `exit ${code}`}); restarting in ${(delay / 1000).toFixed(0)}s`,
      );
      schedule(() => {
        if (stopped) return;
        restarts += 1;
        launch();
        log(`${name} restarted (pid ${child.pid}, restart ${restarts})`);
      }, delay);
    });
  };
  launch();

  return {
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    stop() {
      stopped = true;
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 8000).unref();
      });
    },
  };
}
