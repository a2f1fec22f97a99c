// The benchmarks' server (growth.mjs, run.mjs): the shop's app as src/server.ts prepares it, a bare
// Express app with one JSON route beside it, and POST /jobs/:name on that side, which runs one round
// of the shop's job of that name (src/jobs: what the scheduler runs) at now + `aheadMs` and answers
// its time and result. Started with `node --import tsx`; tells its parent the two ports over IPC.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { shopJobs } from '../src/jobs';
import { prepareDatabase } from '../src/migrations';
import { connectDatabase, disconnectDatabase } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';

const config = loadConfig(process.env);
const logger = createLogger(config.logLevel);
await connectDatabase(config.mongodbUri, { timeoutMs: config.dbConnectTimeoutMs, logger });
await prepareDatabase(logger);

// No mail server: the mail job delivers into the outbox, as a shop without MAIL_URL does.
const jobs = new Map(shopJobs(config, logger, { mailSender: null }).map((job) => [job.name, job]));

const bare = express();
bare.disable('x-powered-by');
bare.use(express.json());
bare.get('/bare', (_req, res) => {
  res.json({ ok: true });
});
bare.post('/jobs/:name', async (req, res) => {
  const job = jobs.get(req.params.name);
  if (!job) {
    res.status(404).json({ jobs: [...jobs.keys()] });
    return;
  }
  const aheadMs = Number((req.body as { aheadMs?: number } | undefined)?.aheadMs ?? 0);
  const started = performance.now();
  const result: unknown = await job.run(new Date(Date.now() + aheadMs));
  res.json({ ms: performance.now() - started, result });
});

function listen(handler: express.Express): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = handler.listen(0, '127.0.0.1');
    server.once('listening', () => resolve(server)).once('error', reject);
  });
}

const shopServer = await listen(createApp({ config, logger }));
const bareServer = await listen(bare);
const portOf = (server: Server) => (server.address() as AddressInfo).port;
process.send?.({ shopPort: portOf(shopServer), barePort: portOf(bareServer) });

async function stop() {
  shopServer.closeAllConnections();
  bareServer.closeAllConnections();
  await Promise.all([
    new Promise((resolve) => shopServer.close(resolve)),
    new Promise((resolve) => bareServer.close(resolve)),
  ]);
  await disconnectDatabase();
  process.exit(0);
}
process.on('disconnect', stop);
process.on('SIGTERM', stop);
