// Transactional email: a paid checkout and an enquiry queue their messages once, the worker sends them
// through a real SMTP server (smtp-server from npm, started here on a free port), and a mail server that
// is down loses nothing: the messages go out when it is back.
import type { AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import smtp from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDollars, outboxPageSchema } from '@shop/contracts';
import { startShopJobs } from '../src/jobs';
import {
  CLAIM_LEASE_MS,
  LINK_EXPIRED_UNSENT,
  MailServerBackoff,
  SENDS_AT_ONCE,
  deliverDueMail,
  releaseLapsedMailClaims,
  smtpSender,
  type MailSender,
  type OutgoingMail,
} from '../src/modules/mail/mail';
import { OutboxModel } from '../src/modules/mail/model';
import { proofAttachmentLoader } from '../src/modules/proofs/proofs';
import { localFolderStore } from '../src/modules/uploads/storage';
import { claimMails, insertMails, type NewMail } from '../src/modules/mail/repository';
import { escapeHtml } from '../src/modules/mail/templates';
import { trusted } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';
import { addToCart, pay, placeOrder, register, registerAdmin } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

/** One message queued alone: whether it went in. */
const insertMail = async (mail: NewMail, now: Date) => (await insertMails([mail], now))[0];

/** A message about `key`, as a test queues it. */
const mailAbout = (key: string): NewMail => ({
  key,
  kind: 'enquiry_received',
  to: 'a@example.com',
  replyTo: null,
  subject: key,
  text: 't',
  html: 'h',
});

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps what it receives; stop() and start() again on the same port. */
function localSmtp() {
  const received: Received[] = [];
  const connections = { opened: 0 };
  let server: InstanceType<typeof smtp.SMTPServer> | null = null;
  let port = 0;
  const start = async () => {
    server = new smtp.SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Going down drops the connections a pooled sender keeps open, at once, as a crash would
      // (by default it waits 30 s for them to end).
      closeTimeout: 100,
      onConnect(_session, callback) {
        connections.opened += 1;
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.server.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  return { received, connections, start, stop, url: () => `smtp://127.0.0.1:${port}` };
}

const SHOP_ORDERS_EMAIL = 'orders-desk@example.com';
const SHOP_EMAIL = 'hello@example.com';
const logger = createLogger('silent');
let app: TestApp;
let admin: TestAgent;
const mailServer = localSmtp();
let sender: MailSender;

beforeAll(async () => {
  await mailServer.start();
  sender = smtpSender(mailServer.url());
  app = await startTestApp({
    SHOP_ORDERS_EMAIL,
    SHOP_EMAIL,
    MAIL_FROM: 'Label Shop <shop@example.com>',
    MAIL_URL: mailServer.url(),
  });
  admin = app.agent();
  await registerAdmin(admin);
  // The admin's sign-up mailed a confirmation link: sent now, so the tests see only their own mail.
  await runWorker();
});
afterAll(async () => {
  sender?.close();
  await app?.close();
  await mailServer.stop();
});

/** One round of the mail worker at the given time (time is injected; nothing waits for a backoff). */
function runWorker(now = new Date()) {
  return deliverDueMail({ sender, from: app.config.mail.from, logger, now });
}

async function paidCheckout(email: string, customText = 'PUMP 1') {
  const shopper = app.agent();
  await addToCart(shopper, { customText });
  const order = await placeOrder(shopper, { email });
  return { shopper, order };
}

describe('mail for a paid order', () => {
  it('when a checkout is paid (twice at once), then exactly one confirmation and one admin notice are queued and sent', async () => {
    const email = `buyer.${Date.now()}@example.com`;
    const { shopper, order } = await paidCheckout(email);
    const [first, second] = await Promise.all([
      pay(shopper, order.orderId),
      pay(shopper, order.orderId),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await pay(shopper, order.orderId)).status).toBe(200);

    const queued = await OutboxModel.find({ key: new RegExp(order.orderId) }).lean();
    expect(queued.map((mail) => [mail.kind, mail.to]).sort()).toEqual([
      ['admin_new_order', SHOP_ORDERS_EMAIL],
      ['order_confirmation', email],
    ]);
    expect(queued.every((mail) => mail.sentAt === null)).toBe(true);
    // The admin's notice links to the order itself in the admin panel, not to its Dashboard.
    const notice = queued.find((mail) => mail.kind === 'admin_new_order')!;
    const link = `/admin?order=${order.orderNumber}`;
    expect(notice.text).toContain('Open the order in the admin panel: ');
    expect(notice.text).toMatch(
      new RegExp(`: https?://[^\\s]+/admin\\?order=${order.orderNumber}$`, 'm'),
    );
    expect(notice.html).toContain(`${link}" style=`);

    const before = mailServer.received.length;
    await runWorker();
    const sent = mailServer.received.slice(before);
    expect(sent.map((mail) => mail.to[0]).sort()).toEqual([email, SHOP_ORDERS_EMAIL].sort());
    expect(sent.every((mail) => mail.from === 'shop@example.com')).toBe(true);
    const confirmation = sent.find((mail) => mail.to[0] === email)!.raw;
    expect(confirmation).toContain(`Subject: Order #${order.orderNumber} confirmed`);
    expect(confirmation).toContain('multipart/alternative');
    expect(confirmation).toMatch(/text\/plain/);
    expect(confirmation).toMatch(/text\/html/);

    const after = await OutboxModel.find({ key: new RegExp(order.orderId) }).lean();
    expect(after.every((mail) => mail.sentAt instanceof Date && mail.error === null)).toBe(true);
    // A second round sends nothing again.
    const count = mailServer.received.length;
    await runWorker();
    expect(mailServer.received.length).toBe(count);
  });

  it('when the mail server is down during a checkout, then nothing is lost, the worker pauses, and the mail goes out in the order it was queued when it is back', async () => {
    await mailServer.stop();
    const email = `down.${Date.now()}@example.com`;
    const { shopper, order } = await paidCheckout(email, 'DOWN TIME');
    const paid = await pay(shopper, order.orderId);
    expect(paid.status).toBe(200); // sending never fails the request that caused it
    const ofOrder = () => OutboxModel.find({ key: new RegExp(order.orderId) }).lean();
    const queuedAt = new Map((await ofOrder()).map((mail) => [mail.key, mail.nextAttemptAt]));

    const backoff = new MailServerBackoff();
    const worker = (at: Date) =>
      deliverDueMail({ sender, from: app.config.mail.from, logger, now: at, backoff });
    const now = new Date();
    const failed = await worker(now);
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    const waiting = await ofOrder();
    expect(waiting).toHaveLength(2);
    for (const mail of waiting) {
      expect(mail.status).toBe('queued');
      expect(mail.sentAt).toBeNull();
      expect(mail.attempts).toBeLessThanOrEqual(1);
      // Its place in the queue is kept: the worker waits, not the message.
      expect(mail.nextAttemptAt).toEqual(queuedAt.get(mail.key));
    }
    expect(waiting.some((mail) => mail.attempts === 1 && mail.error)).toBe(true);
    // Paused for 30 s: a round before then tries nothing; after it, the pause doubles.
    expect(await worker(new Date(now.getTime() + 29_000))).toMatchObject({ taken: 0, failed: 0 });
    const second = new Date(now.getTime() + 31_000);
    expect((await worker(second)).failed).toBeGreaterThanOrEqual(1);
    expect(await worker(new Date(second.getTime() + 59_000))).toMatchObject({ taken: 0 });

    // Meanwhile the shop writes to the customer again (as a cancel would).
    const later = `later:${order.orderId}`;
    await insertMail({ ...mailAbout(later), to: email }, new Date());

    await mailServer.start(); // the same port
    const before = mailServer.received.length;
    await worker(new Date(second.getTime() + 61_000));
    const sent = mailServer.received.slice(before);
    expect(sent.map((mail) => mail.to[0]).sort()).toEqual([email, email, SHOP_ORDERS_EMAIL].sort());
    // The customer's messages arrive in the order they were queued: the confirmation first.
    const toCustomer = sent.filter((mail) => mail.to[0] === email);
    expect(toCustomer[0]!.raw).toContain(`Subject: Order #${order.orderNumber} confirmed`);
    expect(toCustomer[1]!.raw).toContain(`Subject: ${later}`);
    const done = await ofOrder();
    expect(done.every((mail) => mail.sentAt !== null && mail.error === null)).toBe(true);
    // Reaching the server ends the pause.
    expect(backoff.waiting(new Date(second.getTime() + 62_000))).toBe(false);
  });
  it('when the shop’s mail goes out, then a customer’s reply goes to the shop’s address the footer names (not to the sender’s), and a reply to the shop’s notice to the customer', async () => {
    const email = `reply.${Date.now()}@example.com`;
    const { shopper, order } = await paidCheckout(email);
    expect((await pay(shopper, order.orderId)).status).toBe(200);
    const sent: OutgoingMail[] = [];
    const recording: MailSender = { send: async (mail) => void sent.push(mail), close() {} };
    const jobs = startShopJobs(app.config, logger, { mailSender: recording, mailEveryMs: 60_000 });
    const ofOrder = () =>
      sent.filter(
        (mail) =>
          mail.subject.includes(`order #${order.orderNumber}`) ||
          mail.subject.includes(`Order #${order.orderNumber}`),
      );
    try {
      await jobs.runAll();
      await expect.poll(() => ofOrder().length, { timeout: 10_000 }).toBe(2);
    } finally {
      await jobs.stop();
    }
    const confirmation = ofOrder().find((mail) => mail.to === email)!;
    expect(confirmation.text).toContain(`Reply to this email, write to ${SHOP_EMAIL}`);
    expect(confirmation.from).toBe('Label Shop <shop@example.com>');
    expect(confirmation.replyTo).toBe(SHOP_EMAIL);
    const notice = ofOrder().find((mail) => mail.to === SHOP_ORDERS_EMAIL)!;
    expect(notice.replyTo).toBe(email);
  });

  it('when a paid order waits for its proof, then the customer gets the confirmation of the payment first and the proof after it, as the confirmation announces', async () => {
    const email = `proof.first.${Date.now()}@example.com`;
    const shopper = app.agent();
    await addToCart(shopper, { customText: 'VALVE 7' });
    const order = await placeOrder(shopper, { email }, { skipProof: false });
    expect((await pay(shopper, order.orderId)).status).toBe(200);

    const before = mailServer.received.length;
    await deliverDueMail({
      sender,
      from: app.config.mail.from,
      logger,
      loadAttachment: proofAttachmentLoader(localFolderStore(app.config.uploadDir)),
    });
    const toCustomer = mailServer.received.slice(before).filter((mail) => mail.to[0] === email);
    expect(toCustomer.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1])).toEqual([
      `Order #${order.orderNumber} confirmed: ${formatDollars(order.total)}`,
      `Your proof for order #${order.orderNumber}: please approve before we engrave`,
    ]);
  });
});

describe('the mail worker on two API processes', () => {
  it('when two workers run at once, then every queued message is sent exactly once', async () => {
    const keys = Array.from({ length: 12 }, (_, i) => `two-workers:${Date.now()}:${i}`);
    const now = new Date();
    const queued = await Promise.all(keys.map((key) => insertMail(mailAbout(key), now)));
    expect(queued.every(Boolean)).toBe(true);
    const sent: string[] = [];
    const counting: MailSender = {
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(mail.subject);
      },
      close() {},
    };
    const worker = () =>
      deliverDueMail({ sender: counting, from: 'shop@example.com', logger, now });
    await Promise.all([worker(), worker(), worker()]);
    await worker(); // a round that found only messages claimed by another leaves none behind
    const ours = sent.filter((subject) => keys.includes(subject));
    expect(ours.sort()).toEqual([...keys].sort());
    const stored = await OutboxModel.find({ key: trusted({ $in: keys }) }).lean();
    expect(
      stored.every((mail) => mail.status === 'sent' && mail.sentAt !== null && mail.attempts === 1),
    ).toBe(true);
    // The same key again (a retried request) queues no second message, and nothing more is sent.
    expect(await insertMail({ ...mailAbout(keys[0]!), subject: 'x' }, now)).toBe(false);
    await worker();
    expect(sent.filter((subject) => keys.includes(subject))).toHaveLength(keys.length);
    expect(await OutboxModel.countDocuments({ key: keys[0]! })).toBe(1);
  });

  it('when many calls queue the same key at once, then one message is queued and sent once', async () => {
    const key = `same-key:${Date.now()}`;
    const now = new Date();
    const queued = await Promise.all(
      Array.from({ length: 8 }, () =>
        insertMails([mailAbout(key), mailAbout(`${key}:other`)], now),
      ),
    );
    expect(queued.filter(([first]) => first)).toHaveLength(1);
    expect(queued.filter(([, second]) => second)).toHaveLength(1);
    expect(await OutboxModel.countDocuments({ key })).toBe(1);
    const sent: string[] = [];
    const counting: MailSender = { send: async (m) => void sent.push(m.subject), close() {} };
    const worker = () =>
      deliverDueMail({ sender: counting, from: 'shop@example.com', logger, now });
    await Promise.all([worker(), worker()]);
    expect(sent.filter((subject) => subject === key)).toHaveLength(1);
  });

  it('when messages are queued together, then each is due and listed, and a repeat among them is refused', async () => {
    const stamp = `together:${Date.now()}`;
    const keys = [`${stamp}:1`, `${stamp}:2`, `${stamp}:3`];
    const now = new Date();
    expect(await insertMails([...keys.map(mailAbout), mailAbout(keys[0]!)], now)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    const stored = await OutboxModel.find({ key: trusted({ $in: keys }) }).lean();
    expect(stored.map((m) => m.key).sort()).toEqual(keys);
    expect(
      stored.every((m) => m.status === 'queued' && m.nextAttemptAt.getTime() === now.getTime()),
    ).toBe(true);
    // On the admin's list, the last queued first.
    const page = await admin.request('GET', '/api/admin/outbox?limit=20');
    const listed = (page.body.messages as Array<{ subject: string }>)
      .map((message) => message.subject)
      .filter((subject) => subject.startsWith(stamp));
    expect(listed).toEqual([...keys].reverse());
    const sent: string[] = [];
    const counting: MailSender = { send: async (m) => void sent.push(m.subject), close() {} };
    for (let round = 0; round < 5; round++)
      await deliverDueMail({ sender: counting, from: 'shop@example.com', logger, now });
    expect(sent.filter((subject) => subject.startsWith(stamp)).sort()).toEqual(keys);
  });
});

describe("the mail worker's pace", () => {
  const queue = async (
    stamp: string,
    count: number,
    now: Date,
    to = (_i: number) => 'pace@example.com',
  ) => {
    const keys = Array.from({ length: count }, (_, i) => `${stamp}:${i}`);
    const queued = await insertMails(
      keys.map((key, i) => ({
        key,
        kind: 'enquiry_received' as const,
        to: to(i),
        replyTo: null,
        subject: key,
        text: 't',
        html: 'h',
      })),
      now,
    );
    expect(queued.every(Boolean)).toBe(true);
    return keys;
  };

  it(`when a round has many messages, then it sends ${SENDS_AT_ONCE} at a time, never more, and one recipient's in the order they were queued`, async () => {
    const now = new Date();
    // Eight recipients, the first with three messages.
    const keys = await queue(
      `at-once:${Date.now()}`,
      10,
      now,
      (i) => `pace${Math.max(0, i - 2)}@example.com`,
    );
    let underWay = 0;
    let most = 0;
    const sent: string[] = [];
    const slow: MailSender = {
      async send(mail) {
        underWay += 1;
        most = Math.max(most, underWay);
        // The first message takes longest: the next to its recipient still waits for it.
        await new Promise((resolve) => setTimeout(resolve, mail.subject === keys[0] ? 90 : 30));
        underWay -= 1;
        sent.push(mail.subject);
      },
      close() {},
    };
    await deliverDueMail({ sender: slow, from: 'shop@example.com', logger, now });
    expect(sent.filter((subject) => keys.includes(subject)).sort()).toEqual([...keys].sort());
    expect(most).toBe(SENDS_AT_ONCE);
    expect(sent.filter((subject) => keys.slice(0, 3).includes(subject))).toEqual(keys.slice(0, 3));
  });

  it('when more messages are due than a round takes, then the rounds follow each other at once until all are sent', async () => {
    const now = new Date();
    const keys = await queue(`backlog:${Date.now()}`, 45, now);
    const sent = new Set<string>();
    const counting: MailSender = { send: async (mail) => void sent.add(mail.subject), close() {} };
    // The timer would start the next round a minute later: only the rounds run at once send all 45.
    const jobs = startShopJobs(app.config, logger, { mailSender: counting, mailEveryMs: 60_000 });
    try {
      await jobs.runAll();
      await expect
        .poll(() => keys.filter((key) => sent.has(key)).length, { timeout: 10_000 })
        .toBe(keys.length);
    } finally {
      await jobs.stop();
    }
  });

  it('when a worker stopped mid-send, then its message is due again once its claim lapses (10 minutes) and is sent once', async () => {
    const claimedAt = new Date(Date.now() - 9 * 60_000);
    const [key] = await queue(`stale:${Date.now()}`, 1, claimedAt);
    const stored = await OutboxModel.findOne({ key }).lean();
    // Claimed 9 minutes ago by a worker that stopped: still held.
    const [claim] = await claimMails([stored!._id], claimedAt, {
      until: new Date(claimedAt.getTime() + CLAIM_LEASE_MS),
      by: 'stopped-worker',
    });
    expect(claim?.status).toBe('sending');
    expect(
      await claimMails([stored!._id], new Date(), {
        until: new Date(Date.now() + CLAIM_LEASE_MS),
        by: 'another-worker',
      }),
    ).toEqual([]);
    const now = new Date();
    const sent: string[] = [];
    const counting: MailSender = { send: async (mail) => void sent.push(mail.subject), close() {} };
    await deliverDueMail({ sender: counting, from: 'shop@example.com', logger, now });
    expect(sent).not.toContain(key);
    // Two minutes on, the claim is 11 minutes old: the message is due again and goes out once.
    const later = new Date(now.getTime() + 2 * 60_000);
    await Promise.all([
      deliverDueMail({ sender: counting, from: 'shop@example.com', logger, now: later }),
      deliverDueMail({ sender: counting, from: 'shop@example.com', logger, now: later }),
    ]);
    await deliverDueMail({ sender: counting, from: 'shop@example.com', logger, now: later });
    expect(sent.filter((subject) => subject === key)).toHaveLength(1);
    const after = await OutboxModel.findById(stored!._id).lean();
    expect(after).toMatchObject({
      status: 'sent',
      attempts: 1,
      claimedUntil: null,
      claimedBy: null,
    });
    expect(after?.sentAt).toBeInstanceOf(Date);
  });

  it('when the mail job’s rounds leave lapsed claims alone, then the leases’ own sweep makes their messages due again, and the next round sends them once', async () => {
    const claimedAt = new Date(Date.now() - 11 * 60_000);
    const [key] = await queue(`lapsed:${Date.now()}`, 1, claimedAt);
    const stored = await OutboxModel.findOne({ key }).lean();
    await claimMails([stored!._id], claimedAt, {
      until: new Date(claimedAt.getTime() + CLAIM_LEASE_MS),
      by: 'stopped-worker',
    });
    const sent: string[] = [];
    const counting: MailSender = { send: async (mail) => void sent.push(mail.subject), close() {} };
    const round = () =>
      deliverDueMail({ sender: counting, from: 'shop@example.com', logger, releaseLapsed: false });
    await round();
    expect(sent).not.toContain(key);
    expect((await OutboxModel.findById(stored!._id).lean())?.status).toBe('sending');
    expect(await releaseLapsedMailClaims()).toBeGreaterThanOrEqual(1);
    await round();
    await round();
    expect(sent.filter((subject) => subject === key)).toHaveLength(1);
    expect((await OutboxModel.findById(stored!._id).lean())?.status).toBe('sent');
  });

  it('when a round takes every due message it found, then it reads the outbox once: the messages as found are the ones it holds', async () => {
    await deliverDueMail({ sender: null, from: 'shop@example.com', logger }); // earlier tests' mail
    const keys = await queue(`one-read:${Date.now()}`, 3, new Date());
    const sent: string[] = [];
    const counting: MailSender = { send: async (mail) => void sent.push(mail.subject), close() {} };
    const commands: string[] = [];
    mongoose.set('debug', (collection: string, method: string) => {
      if (collection === 'outbox') commands.push(method);
    });
    try {
      await deliverDueMail({
        sender: counting,
        from: 'shop@example.com',
        logger,
        releaseLapsed: false,
      });
    } finally {
      mongoose.set('debug', false);
    }
    expect(sent.filter((subject) => keys.includes(subject)).sort()).toEqual([...keys].sort());
    expect(commands).toEqual(['find', 'updateMany', 'bulkWrite']);
    const stored = await OutboxModel.find({ key: trusted({ $in: keys }) }).lean();
    expect(stored.map((mail) => [mail.status, mail.attempts])).toEqual(keys.map(() => ['sent', 1]));
  });

  it('when the worker sends many messages through a mail server, then they share a few connections', async () => {
    const keys = await queue(`pooled:${Date.now()}`, 12, new Date());
    const before = mailServer.connections.opened;
    const pooled = smtpSender(mailServer.url());
    try {
      await deliverDueMail({ sender: pooled, from: 'shop@example.com', logger });
    } finally {
      pooled.close();
    }
    expect(
      mailServer.received.filter((mail) => keys.some((key) => mail.raw.includes(key))),
    ).toHaveLength(keys.length);
    expect(mailServer.connections.opened - before).toBeLessThanOrEqual(SENDS_AT_ONCE);
  });
});

describe('mail for an enquiry', () => {
  it('when a shopper sends an enquiry, then the shop gets it, their text escaped, with Reply-To set to the shopper, and the shopper an acknowledgement carrying none of what they wrote', async () => {
    const email = `asker.${Date.now()}@example.com`;
    const message = 'Can you engrave <b>bold</b> & "quoted" text? <script>alert(1)</script>';
    const response = await app.request('POST', '/api/contact', {
      body: { name: 'Ann <Lee>', email, company: 'Acme', message },
    });
    expect(response.status).toBe(201);
    const queued = await OutboxModel.find({ key: new RegExp(response.body.id) }).lean();
    const forward = queued.find((mail) => mail.kind === 'enquiry_forward');
    const ack = queued.find((mail) => mail.kind === 'enquiry_received');
    expect(forward).toMatchObject({ to: SHOP_EMAIL, replyTo: email });
    expect(ack).toMatchObject({ to: email, replyTo: null });
    expect(forward!.text).toContain(message);
    expect(forward!.html).toContain(escapeHtml(message));
    expect(forward!.html).not.toContain('<script>');
    expect(forward!.html).not.toContain('<b>bold</b>');
    expect(forward!.html).toContain('Ann &lt;Lee&gt;');
    // Sent to any address the form is given: no text of the sender's rides along.
    for (const part of [ack!.subject, ack!.text, ack!.html]) {
      expect(part).not.toContain('Ann');
      expect(part).not.toContain('quoted');
    }
    expect(ack!.text).toContain('We have your message and reply within 24 hours.');

    const before = mailServer.received.length;
    await runWorker();
    const sent = mailServer.received.slice(before);
    const toShop = sent.find((mail) => mail.to[0] === SHOP_EMAIL);
    expect(toShop?.raw).toMatch(new RegExp(`Reply-To: ${email.replace(/\./g, '\\.')}`));
    expect(sent.some((mail) => mail.to[0] === email)).toBe(true);
  });
});

describe('GET /api/admin/outbox', () => {
  it('when an admin reads the outbox, then newest first, paged by key, each message with its parts', async () => {
    for (let index = 0; index < 3; index++) {
      const response = await app.request('POST', '/api/contact', {
        body: {
          name: `Paging ${index}`,
          email: 'pager@example.com',
          message: 'A question about labels',
        },
      });
      expect(response.status).toBe(201);
    }
    const first = await admin.request('GET', '/api/admin/outbox?limit=2');
    expect(first.status).toBe(200);
    outboxPageSchema.parse(first.body);
    expect(first.body.mailServer).toBe(true);
    expect(first.body.messages).toHaveLength(2);
    expect(Object.keys(first.body.messages[0]).sort()).toEqual(
      [
        'attachments',
        'createdAt',
        'error',
        'failedAt',
        'html',
        'id',
        'kind',
        'replyTo',
        'sentAt',
        'subject',
        'text',
        'to',
      ].sort(),
    );
    expect(first.body.messages[0].subject).toBe('We received your message');
    expect(first.body.messages[1].subject).toBe('Enquiry from Paging 2');
    expect(first.body.nextBefore).toBe(first.body.messages[1].id);

    const second = await admin.request(
      'GET',
      `/api/admin/outbox?limit=2&before=${first.body.nextBefore}`,
    );
    expect(second.body.messages.map((mail: { subject: string }) => mail.subject)).toEqual([
      'We received your message',
      'Enquiry from Paging 1',
    ]);
    const ids = [...first.body.messages, ...second.body.messages].map(
      (mail: { id: string }) => mail.id,
    );
    expect(new Set(ids).size).toBe(4);

    expect((await admin.request('GET', '/api/admin/outbox?limit=0')).status).toBe(400);
    expect((await admin.request('GET', '/api/admin/outbox?before=nope')).status).toBe(400);
    expect((await app.agent().request('GET', '/api/admin/outbox')).status).toBe(401);
  });

  it('when messages were queued at the same moment, then paging by key lists each once, the last queued first', async () => {
    const stamp = `same-moment:${Date.now()}`;
    const keys = Array.from({ length: 5 }, (_, i) => `${stamp}:${i}`);
    // Queued a day ahead, so they are the newest on the list whatever the other tests queued.
    const at = new Date(Date.now() + 86_400_000);
    expect(await insertMails(keys.map(mailAbout), at)).toEqual(keys.map(() => true));
    try {
      const subjects: string[] = [];
      let before: string | null = null;
      for (let page = 0; page < 3; page++) {
        const response = await admin.request(
          'GET',
          `/api/admin/outbox?limit=2${before ? `&before=${before}` : ''}`,
        );
        expect(response.status).toBe(200);
        subjects.push(...response.body.messages.map((m: { subject: string }) => m.subject));
        before = response.body.nextBefore;
        expect(before).not.toBeNull();
      }
      expect(subjects.slice(0, 5)).toEqual([...keys].reverse());
      expect(subjects[5]).not.toMatch(stamp);
    } finally {
      await OutboxModel.deleteMany({ key: trusted({ $in: keys }) });
    }
  });

  it('when `before` names no message, then the page is empty', async () => {
    const response = await admin.request(
      'GET',
      '/api/admin/outbox?before=0123456789abcdef01234567',
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ messages: [], nextBefore: null });
  });
});

describe('reset and confirmation links', () => {
  const TOKEN = /token=([A-Za-z0-9_-]{43})/;

  /** A received message's parts as its recipient reads them (transfer encodings undone). */
  function readBy(recipient: Received): string {
    return recipient.raw
      .split(/\r?\n--/)
      .map((part) => {
        const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
        const body = rest.join('\n\n');
        if (/Content-Transfer-Encoding: base64/i.test(head)) {
          return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
        }
        if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
          const bytes = body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            );
          return Buffer.from(bytes, 'latin1').toString('utf8');
        }
        return body;
      })
      .join('\n');
  }

  /** The messages to `to`, once `count` of them are queued (a reset is queued after the answer). */
  async function queuedTo(to: string, count: number) {
    for (let wait = 0; wait < 50; wait++) {
      const queued = await OutboxModel.find({ to }).lean();
      if (queued.length >= count) return queued;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Fewer than ${count} messages to ${to}`);
  }

  async function listedTo(to: string) {
    const outbox = await admin.request('GET', '/api/admin/outbox?limit=20');
    expect(outbox.status).toBe(200);
    return (outbox.body.messages as Array<{ to: string; text: string; html: string }>).filter(
      (message) => message.to === to,
    );
  }

  it('when a reset and a confirmation link are mailed, then the admin’s outbox never shows their tokens, the stored messages keep none once sent, and the recipient’s links work', async () => {
    await runWorker(); // mail of the tests before, so this round sends only these
    const customer = app.agent();
    const email = (await register(customer)).body.email as string;
    const forgot = await app
      .agent()
      .request('POST', '/api/auth/forgot-password', { body: { email } });
    expect(forgot.status).toBe(202);
    const queued = await queuedTo(email, 2);
    expect(queued.map((mail) => mail.kind).sort()).toEqual([
      'email_confirmation',
      'password_reset',
    ]);

    // Queued: the admin sees where each link leads, never its token.
    const whileQueued = await listedTo(email);
    expect(whileQueued).toHaveLength(2);
    for (const message of whileQueued) {
      expect(message.text).not.toMatch(TOKEN);
      expect(message.html).not.toMatch(TOKEN);
      expect(message.text).toContain('token=hidden');
    }

    const before = mailServer.received.length;
    await runWorker();
    const received = mailServer.received.slice(before).filter((mail) => mail.to[0] === email);
    expect(received).toHaveLength(2);
    const tokenIn = (subject: string) => {
      const mail = received.find((each) => each.raw.includes(`Subject: ${subject}`));
      const token = TOKEN.exec(mail ? readBy(mail) : '')?.[1];
      expect(token, subject).toBeTruthy();
      return token!;
    };
    const resetToken = tokenIn('Reset your password');
    const confirmationToken = tokenIn('Confirm your email address');

    // Sent: neither the stored messages nor the admin's outbox hold a working link.
    const stored = await OutboxModel.find({ to: email }).lean();
    expect(stored).toHaveLength(2);
    const listed = await listedTo(email);
    for (const message of [...stored, ...listed]) {
      expect(message.text).toContain('token=hidden');
      expect(message.html).toContain('token=hidden');
      for (const token of [resetToken, confirmationToken]) {
        expect(message.text).not.toContain(token);
        expect(message.html).not.toContain(token);
      }
    }
    expect(stored.every((mail) => mail.sentAt instanceof Date)).toBe(true);

    // The recipient's links are the working ones.
    const confirmed = await customer.request('POST', '/api/auth/confirm-email', {
      body: { token: confirmationToken },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const reset = await app.agent().request('POST', '/api/auth/reset-password', {
      body: { token: resetToken, newPassword: 'battery staple' },
    });
    expect(reset.status, reset.text).toBe(200);
  });

  it("when the mail server refuses the shop's login (535), then no message is given up: they go once the login works", async () => {
    let loginWorks = false;
    const delivered: string[] = [];
    const refusingLogin = new smtp.SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      closeTimeout: 100,
      onAuth(auth, _session, callback) {
        if (loginWorks && auth.username === 'shop' && auth.password === 'secret')
          return callback(null, { user: 'shop' });
        callback(Object.assign(new Error('Invalid login'), { responseCode: 535 }));
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          delivered.push(...session.envelope.rcptTo.map((address) => address.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => refusingLogin.listen(0, '127.0.0.1', () => resolve()));
    const port = (refusingLogin.server.address() as AddressInfo).port;
    const withLogin = smtpSender(`smtp://shop:secret@127.0.0.1:${port}`);
    try {
      const email = (await register(app.agent())).body.email as string;
      const [confirmation] = await queuedTo(email, 1);
      await deliverDueMail({ sender: withLogin, from: app.config.mail.from, logger });
      const waiting = await OutboxModel.findById(confirmation!._id).lean();
      expect(waiting?.status).not.toBe('failed');
      expect(waiting?.failedAt ?? null).toBeNull();
      expect(waiting?.error).toMatch(/Invalid login/);

      loginWorks = true;
      const later = new Date(Date.now() + 5 * 60_000);
      await deliverDueMail({ sender: withLogin, from: app.config.mail.from, logger, now: later });
      expect(delivered).toContain(email);
      expect((await OutboxModel.findById(confirmation!._id).lean())?.status).toBe('sent');
    } finally {
      withLogin.close();
      await new Promise<void>((resolve) => refusingLogin.close(() => resolve()));
    }
  });

  /** A new customer's reset mail, queued and not yet sent (their sign-up's confirmation is). */
  async function queuedReset() {
    const email = (await register(app.agent())).body.email as string;
    await runWorker(); // the sign-up's confirmation, sent
    const forgot = await app
      .agent()
      .request('POST', '/api/auth/forgot-password', { body: { email } });
    expect(forgot.status).toBe(202);
    const [reset] = (await queuedTo(email, 2)).filter((mail) => mail.kind === 'password_reset');
    return { email, reset: reset! };
  }

  it('when the mail server refuses a reset mail for good, then the stored message keeps no working link', async () => {
    const { reset } = await queuedReset();
    expect(reset.text).toMatch(TOKEN); // queued: the worker needs it

    const refusing: MailSender = {
      send: () =>
        Promise.reject(
          Object.assign(new Error('550 No such user'), { responseCode: 550, command: 'RCPT TO' }),
        ),
      close: () => {},
    };
    await deliverDueMail({ sender: refusing, from: app.config.mail.from, logger });
    const refused = await OutboxModel.findById(reset._id).lean();
    expect(refused?.failedAt).toBeInstanceOf(Date);
    expect(refused?.status).toBe('failed');
    expect(refused?.text).not.toMatch(TOKEN);
    expect(refused?.html).not.toMatch(TOKEN);
    expect(refused?.text).toContain('token=hidden');
    // The admin's outbox tells it refused, not retried.
    const listed = await admin.request('GET', '/api/admin/outbox?limit=50');
    const shown = (listed.body.messages as Array<{ id: string; failedAt: string | null }>).find(
      (message) => message.id === reset._id.toString(),
    );
    expect(shown?.failedAt).toBe(refused!.failedAt!.toISOString());
  });

  it('when a reset mail waited out its link’s hour (the mail server down), then it is not sent, and says why', async () => {
    const { email, reset } = await queuedReset();
    const before = mailServer.received.length;
    // Still unsent an hour on (the server was down meanwhile): its link no longer works.
    await runWorker(new Date(Date.now() + 60 * 60_000 + 1_000));
    expect(mailServer.received.slice(before).map((mail) => mail.to[0])).not.toContain(email);
    const given = await OutboxModel.findById(reset._id).lean();
    expect(given).toMatchObject({ status: 'failed', error: LINK_EXPIRED_UNSENT, sentAt: null });
    expect(given?.text).not.toMatch(TOKEN);
  });
});
