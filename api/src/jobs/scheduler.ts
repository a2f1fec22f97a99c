// Runs background jobs on timers: each job at most once at a time, a failure logged and tried again at
// the next tick, a run that left work followed by the next at once. stop() clears the timers, tells
// the runs in flight to end early, and waits for them (server shutdown, tests).
import type { Logger } from '../platform/logger';

export interface Job {
  name: string;
  everyMs: number;
  /**
   * A run that answers `{ more: true }` left work for the next one, which starts at once. `stopping`
   * is aborted by stop(): a long run ends early, leaving what it had not begun for the next start.
   */
  run(now: Date, stopping?: AbortSignal): Promise<unknown>;
}

const leftWork = (result: unknown) => (result as { more?: unknown } | null)?.more === true;

export interface RunningJobs {
  /** Runs every job once now (tests, and start-up). */
  runAll(): Promise<void>;
  stop(): Promise<void>;
}

export function startJobs(jobs: Job[], logger: Logger): RunningJobs {
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  const stopping = new AbortController();

  const runJob = (job: Job): Promise<void> => {
    const inFlight = running.get(job.name);
    if (inFlight) return inFlight;
    let again = false;
    const run = job
      .run(new Date(), stopping.signal)
      .then(
        (result) => {
          again = leftWork(result);
        },
        (error: unknown) => logger.warn({ err: error, job: job.name }, `Job ${job.name} failed`),
      )
      .finally(() => {
        running.delete(job.name);
        if (again && !stopped) setImmediate(() => void (!stopped && runJob(job)));
      });
    running.set(job.name, run);
    return run;
  };

  const timers = jobs.map((job) => {
    const timer = setInterval(() => {
      if (!stopped) void runJob(job);
    }, job.everyMs);
    timer.unref();
    return timer;
  });

  return {
    async runAll() {
      await Promise.all(jobs.map(runJob));
    },
    async stop() {
      stopped = true;
      stopping.abort();
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
