// The API's background jobs on a thread of their own (src/jobs-worker.ts), at the lowest priority, so
// a mail round (a proof PDF and three messages per paid order) does not hold up the requests that
// arrive meanwhile. A thread that stops (the database not reached in time, say) is started again.
import type { Worker, WorkerOptions } from 'node:worker_threads';
import type { Logger } from '../platform/logger';
import { startThread } from '../platform/threads';

/** How long a thread that stopped by itself waits before it is started again. */
const RESTART_AFTER_MS = 5_000;
/** How long stop() waits for the runs in flight before ending the thread anyway. */
const STOP_WAIT_MS = 8_000;

interface JobsThread {
  /** Resolves once the thread has finished its runs in flight and ended. */
  stop(): Promise<void>;
}

/**
 * `env`: the thread's environment, the configuration it reads (the process's by default);
 * `restartAfterMs`: the wait before a thread that stopped is started again.
 */
export function startJobsThread(
  logger: Logger,
  {
    env,
    restartAfterMs = RESTART_AFTER_MS,
  }: Pick<WorkerOptions, 'env'> & { restartAfterMs?: number } = {},
): JobsThread {
  let current: Worker | null = null;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;

  const start = () => {
    const worker = startThread('jobs-worker', { env });
    current = worker;
    worker.on('error', (error) => logger.error({ err: error }, 'The jobs thread failed'));
    worker.on('exit', () => {
      current = null;
      if (stopping) return;
      logger.error(`The jobs thread stopped; starting it again in ${restartAfterMs / 1000} s`);
      restart = setTimeout(start, restartAfterMs);
    });
  };
  start();

  return {
    async stop() {
      stopping = true;
      clearTimeout(restart);
      const worker = current;
      if (!worker) return;
      const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      const timer = setTimeout(() => void worker.terminate(), STOP_WAIT_MS);
      worker.on('message', (message) => {
        if (message === 'stopped') void worker.terminate();
      });
      worker.postMessage('stop');
      await ended;
      clearTimeout(timer);
    },
  };
}
