// The background jobs on their own thread (src/jobs/thread.ts, src/jobs-worker.ts), as the server
// runs them: mail queued before the thread started goes out through the mail server; the thread
// runs at the lowest priority while the thread answering requests keeps its own; stop() ends it,
// and after that nothing is sent. A thread that cannot reach the database is started again.
import { readdirSync, readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import smtp from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startJobsThread } from '../src/jobs/thread';
import { OutboxModel } from '../src/modules/mail/model';
import { createLogger } from '../src/platform/logger';
import { startSlowMailServer } from './support/slow-mail';
import { startTestApp, type TestApp } from './support/test-app';

let app: TestApp;
let mailServer: InstanceType<typeof smtp.SMTPServer>;
let mailUrl = '';
let received = 0;

beforeAll(async () => {
  app = await startTestApp();
  mailServer = new smtp.SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      stream.on('end', () => {
        received += 1;
        done();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => mailServer.listen(0, '127.0.0.1', () => resolve()));
  const { port } = mailServer.server.address() as { port: number };
  mailUrl = `smtp://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => mailServer?.close(() => resolve()));
  await app?.close();
});

/** A thread's nice value (Linux: each thread's own; the 19th field of its stat line). */
function niceOf(task: string | number): number {
  const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** How many of this process's threads run at the lowest priority. */
const lowestPriorityThreads = () =>
  readdirSync('/proc/self/task').filter((task) => niceOf(task) === 19).length;

let enquirers = 0;

/** An enquiry from an address of its own (one address is acknowledged at most 5 times an hour). */
async function enquire(name: string): Promise<string> {
  enquirers += 1;
  const response = await app.request('POST', '/api/contact', {
    body: { name, email: `jobs-${enquirers}@example.com`, message: 'Do you make brass labels?' },
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

const sentAtOf = async (enquiryId: string) =>
  (await OutboxModel.find({ key: new RegExp(enquiryId) }).lean()).map((mail) => mail.sentAt);

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('when the jobs thread starts, then mail queued before it is sent, from a thread at the lowest priority; after stop, nothing more is sent', async () => {
  const before = await enquire('Before the thread');
  const [lowest, ownNice] = [lowestPriorityThreads(), niceOf(process.pid)];

  const thread = startJobsThread(createLogger('silent'), {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      MONGODB_URI: app.config.mongodbUri,
      MAIL_URL: mailUrl,
    },
  });
  await until(() => received === 2, 'the two messages of the enquiry reach the mail server');
  await until(
    async () => (await sentAtOf(before)).every((sentAt) => sentAt instanceof Date),
    'the outbox records them sent',
  );
  expect(lowestPriorityThreads()).toBeGreaterThan(lowest);
  expect(niceOf(process.pid)).toBe(ownNice);

  await thread.stop();
  expect(lowestPriorityThreads()).toBe(lowest);
  const after = await enquire('After stop');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await sentAtOf(after)).toEqual([null, null]);
  expect(received).toBe(2);
});

it('when the jobs thread cannot reach the database, then it is logged and started again until stopped', async () => {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  const thread = startJobsThread(logger, {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      MONGODB_URI: 'mongodb://127.0.0.1:9/nowhere',
      DB_CONNECT_TIMEOUT_MS: '300',
    },
    restartAfterMs: 500,
  });
  const stoppedLines = () =>
    lines.filter((line) => String(line.msg).startsWith('The jobs thread stopped')).length;
  // Stopped, started again half a second later (5 s in the API), stopped again.
  await until(() => stoppedLines() >= 2, 'the thread stopped twice');
  expect(lines.some((line) => line.msg === 'The jobs thread failed')).toBe(true);
  await thread.stop();
});

it('when the jobs thread is stopped mid-round with a slow mail server, then the sends under way finish, the rest keep their place, and every message sent is recorded sent (none sent twice)', async () => {
  // A mail server that takes 3 s to accept each message: a round of 10 (five enquiries, five of
  // them to the shop's one address, sent one after another) would take longer than the thread is
  // given to stop.
  const slowServer = await startSlowMailServer(3_000);
  await OutboxModel.updateMany({ sentAt: null }, { $set: { sentAt: new Date(), status: 'sent' } });
  const enquiries = [];
  for (let index = 0; index < 5; index++) enquiries.push(await enquire(`Slow ${index}`));
  const queued = new RegExp(enquiries.join('|'));

  const thread = startJobsThread(createLogger('silent'), {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      MONGODB_URI: app.config.mongodbUri,
      MAIL_URL: slowServer.url,
    },
  });
  await until(() => slowServer.accepted() >= 1, 'the mail server accepts the first message');
  const stopping = Date.now();
  await thread.stop();
  const stopTookMs = Date.now() - stopping;
  await slowServer.close();

  const messages = await OutboxModel.find({ key: queued }).lean();
  expect(messages).toHaveLength(10);
  const recordedSent = messages.filter((mail) => mail.status === 'sent').length;
  // Every message the server took is recorded sent; the others are due again now, not held by a
  // claim that would send them again after it lapses.
  expect(recordedSent).toBe(slowServer.accepted());
  expect(recordedSent).toBeLessThan(10);
  for (const mail of messages.filter((item) => item.status !== 'sent')) {
    expect(mail.status).toBe('queued');
    expect(mail.claimedBy).toBeNull();
  }
  // Well within the server's shutdown grace (server.ts), which ends the thread mid-send after it.
  expect(stopTookMs).toBeLessThan(7_000);
}, 30_000);
