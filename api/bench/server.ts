// The benchmark's server: the real shop app (all routes, real database) and, in the same process, a
// bare Express app with one JSON route, so both are measured under the same conditions. Started by
// run.mjs with `node --import tsx`; tells its parent the two ports over IPC.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { createApp } from '../src/app';
import { prepareDatabase } from '../src/migrations';
import { deliverDueMail } from '../src/modules/mail/mail';
import { expireUnpaidOrders } from '../src/modules/payments/expiry';
import { remindUnansweredProofs } from '../src/modules/proofs/reminders';
import { loadConfig } from '../src/config';
import { connectDatabase, disconnectDatabase } from '../src/platform/db';
import { deleteExpired } from '../src/platform/expiry';
import { createLogger } from '../src/platform/logger';

const config = loadConfig(process.env);
const logger = createLogger(config.logLevel);
await connectDatabase(config.mongodbUri, { timeoutMs: config.dbConnectTimeoutMs, logger });
// As the shop's server starts (src/server.ts).
await prepareDatabase(logger);

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

// One round of each sweep the jobs run (src/jobs), timed here. The unpaid-orders round is run a day
// and two minutes ahead, so the order the bench left unpaid this round is due and expires; the
// proof reminders' five days ahead, so the order it paid this round is reminded.
bare.post('/sweep-round', async (_req, res) => {
  const now = new Date();
  const times: Record<string, number> = {};
  const done: Record<string, number> = {};
  const sweeps: Array<[string, () => Promise<number>]> = [
    ['unpaid orders (a day on)', () => expireUnpaidOrders(new Date(now.getTime() + 86_520_000))],
    ['expired', () => deleteExpired(now)],
    // Five days on, the proof of the order the bench paid this round is due its reminder.
    [
      'proof reminders (5 days on)',
      () => remindUnansweredProofs(config, new Date(now.getTime() + 5 * 86_400_000)),
    ],
  ];
  for (const [name, sweep] of sweeps) {
    const started = performance.now();
    done[name] = await sweep();
    times[name] = performance.now() - started;
  }
  res.json({ times, done });
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
