// Background jobs (src/jobs) run as the server runs them and stop when told: with no MAIL_URL, the mail
// worker delivers each queued message to the outbox; after stop() nothing runs any more.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startShopJobs } from '../src/jobs';
import { OutboxModel } from '../src/modules/mail/model';
import { createLogger } from '../src/platform/logger';
import { startTestApp, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function enquire(name: string): Promise<string> {
  const response = await app.request('POST', '/api/contact', {
    body: { name, email: 'jobs@example.com', message: 'Do you make brass labels?' },
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function sentAtOf(enquiryId: string) {
  const mails = await OutboxModel.find({ key: new RegExp(enquiryId) }).lean();
  expect(mails).toHaveLength(2);
  return mails.map((mail) => mail.sentAt);
}

it('when the jobs run without a mail server, then queued mail lands in the outbox; after stop, nothing more runs', async () => {
  expect(app.config.mail.url).toBeNull();
  const jobs = startShopJobs(app.config, createLogger('silent'), { mailEveryMs: 50 });
  const first = await enquire('Before stop');
  const deadline = Date.now() + 5_000;
  while ((await sentAtOf(first)).some((sentAt) => sentAt === null) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect((await sentAtOf(first)).every((sentAt) => sentAt instanceof Date)).toBe(true);

  await jobs.stop();
  const second = await enquire('After stop');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await sentAtOf(second)).toEqual([null, null]);
});
