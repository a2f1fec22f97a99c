// Runs background jobs on timers: each job at most once at a time, a failure logged and tried again at
// the next tick. stop() clears the timers and waits for runs in flight (server shutdown, tests).
import type { Logger } from '../platform/logger';

export interface Job {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

export interface RunningJobs {
  /** Runs every job once now (tests, and start-up). */
  runAll(): Promise<void>;
  stop(): Promise<void>;
}

export function startJobs(jobs: Job[], logger: Logger): RunningJobs {
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  const runJob = (job: Job): Promise<void> => {
    const inFlight = running.get(job.name);
    if (inFlight) return inFlight;
    const run = job
      .run(new Date())
      .then(
        () => undefined,
        (error: unknown) => logger.warn({ err: error, job: job.name }, `Job ${job.name} failed`),
      )
      .finally(() => running.delete(job.name));
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
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
