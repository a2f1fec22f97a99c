// The benchmark's server: the real shop app (all routes, real database) and, in the same process, a
// bare Express app with one JSON route, so both are measured under the same conditions. Started by
// run.mjs with `node --import tsx`; tells its parent the two ports over IPC.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { createApp } from '../src/app';
import { backfillKeyedDocuments } from '../src/migrations/keyed-documents';
import { deliverDueMail } from '../src/modules/mail/mail';
import { loadConfig } from '../src/config';
import { connectDatabase, disconnectDatabase } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';

const config = loadConfig(process.env);
const logger = createLogger(config.logLevel);
await connectDatabase(config.mongodbUri, { timeoutMs: config.dbConnectTimeoutMs, logger });
// As the shop's server starts (src/server.ts): the seed (bench/seed.mjs) leaves the order search's
// lists to this backfill, so they are made by the shop's own code.
const backfillStarted = performance.now();
await backfillKeyedDocuments(logger);
console.log(
  `keyed documents backfilled in ${((performance.now() - backfillStarted) / 1000).toFixed(1)}s`,
);

const bare = express();
bare.disable('x-powered-by');
bare.get('/bare', (_req, res) => {
  res.json({ ok: true });
});
// One round of the mail worker (what jobs/ runs every 5 s), timed here: the growth bench measures
// its query like a request's (no mail server: delivery is into the outbox).
bare.post('/mail-round', async (_req, res) => {
  const started = performance.now();
  const { sent, failed } = await deliverDueMail({ sender: null, from: config.mail.from, logger });
  res.json({ ms: performance.now() - started, sent, failed });
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
