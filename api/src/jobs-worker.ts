// The thread the API's background jobs run on (jobs/thread.ts starts it): its own connection to the
// database and the jobs of jobs/index.ts, each run once at start and then on its timer, at the lowest
// scheduling priority, so the thread answering requests goes first whenever both have work. Stops
// when the API posts 'stop', once the runs in flight are done.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { loadConfig } from './config';
import { startShopJobs } from './jobs';
import { connectDatabase, disconnectDatabase } from './platform/db';
import { createLogger } from './platform/logger';

/** The lowest priority there is (nice 19): background work takes the time requests leave. */
const JOBS_PRIORITY = os.constants.priority.PRIORITY_LOW;

const config = loadConfig(process.env);
const logger = createLogger(config.logLevel).child({ thread: 'jobs' });
// On Linux a thread's priority is its own (it applies to this thread, and the PDF thread this one
// starts inherits it), not the process's: the thread answering requests keeps its own.
try {
  os.setPriority(0, JOBS_PRIORITY);
} catch (error) {
  logger.warn({ err: error }, 'The jobs thread could not lower its priority');
}
await connectDatabase(config.mongodbUri, { timeoutMs: config.dbConnectTimeoutMs, logger });
const jobs = startShopJobs(config, logger);

parentPort?.once('message', async () => {
  await jobs.stop();
  await disconnectDatabase().catch(() => {});
  parentPort?.postMessage('stopped');
});
await jobs.runAll();
