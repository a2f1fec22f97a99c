// An older database (written before the keyed documents) keeps working after the backfill at start.
import { Types } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backfillKeyedDocuments } from '../src/migrations/keyed-documents';
import { CustomerModel } from '../src/modules/accounts/model';
import { findCustomerByEmail } from '../src/modules/accounts/repository';
import { DiscountCodeModel } from '../src/modules/discounts/model';
import { findDiscountByCode } from '../src/modules/discounts/repository';
import { highestOrderNumber, takeOrderNumber } from '../src/modules/orders/counter';
import { OrderModel } from '../src/modules/orders/model';
import { deliverDueMail, outboxPage } from '../src/modules/mail/mail';
import { OutboxModel } from '../src/modules/mail/model';
import { createLogger } from '../src/platform/logger';
import { startTestApp, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

it('when customers, codes and orders have no keyed documents, then the backfill makes them findable and numbering goes on', async () => {
  const customerId = new Types.ObjectId();
  const now = new Date();
  await CustomerModel.collection.insertOne({
    _id: customerId,
    email: 'old@example.com',
    firstName: 'Old',
    lastName: 'Customer',
    passwordHash: 'x',
    isAdmin: false,
    createdAt: now,
    updatedAt: now,
  });
  await DiscountCodeModel.collection.insertOne({
    _id: new Types.ObjectId(),
    code: 'OLDCODE',
    type: 'percentage',
    percentOff: 10,
    amountOffCents: null,
    minimumOrderCents: 0,
    usageLimit: null,
    expiresAt: null,
    isActive: true,
    description: '',
    createdAt: now,
    updatedAt: now,
  });
  await OrderModel.collection.insertOne({
    _id: new Types.ObjectId(),
    orderNumber: 1041,
    customerId,
    createdAt: now,
  });
  expect(await findCustomerByEmail('old@example.com')).toBeNull();

  await backfillKeyedDocuments(createLogger('silent'));
  await backfillKeyedDocuments(createLogger('silent')); // a second start changes nothing

  expect((await findCustomerByEmail('old@example.com'))?._id.toString()).toBe(
    customerId.toString(),
  );
  expect((await findDiscountByCode('OLDCODE'))?.timesUsed).toBe(0);
  expect(await highestOrderNumber()).toBe(1041);
  expect(await takeOrderNumber(new Types.ObjectId())).toBe(1042);
});

it('when the outbox has messages from before its list and due queue, then the backfill lists them and the worker sends the unsent one', async () => {
  const now = new Date(Date.now() - 60_000);
  const message = (key: string, sentAt: Date | null) => ({
    _id: new Types.ObjectId(),
    key,
    kind: 'enquiry_received',
    to: 'old@example.com',
    replyTo: null,
    subject: key,
    text: 't',
    html: 'h',
    createdAt: now,
    sentAt,
    error: null,
    attempts: sentAt ? 1 : 0,
    nextAttemptAt: now,
    failedAt: null,
    attachments: [],
  });
  await OutboxModel.collection.insertMany([message('old-sent', now), message('old-waiting', null)]);
  await backfillKeyedDocuments(createLogger('silent'));
  await backfillKeyedDocuments(createLogger('silent')); // twice is harmless

  const page = await outboxPage({ limit: 10 });
  expect(page.messages.map((m) => m.subject)).toEqual(['old-waiting', 'old-sent']);
  const sent: string[] = [];
  await deliverDueMail({
    sender: { send: async (mail) => void sent.push(mail.subject), close() {} },
    from: 'shop@example.com',
    logger: createLogger('silent'),
  });
  expect(sent).toEqual(['old-waiting']);
});
