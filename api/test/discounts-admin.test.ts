// The admin discount-code routes behind the real sign-in (passport sessions of the accounts module):
// 401 signed out, 403 for a customer, the whole life of a code for an admin, and a shopper using it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_CODE_PATTERN_MESSAGE } from '@shop/contracts';
import { register, registerAdmin } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let app: TestApp;
let admin: TestAgent;
let customer: TestAgent;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.agent();
  await registerAdmin(admin);
  customer = app.agent();
  await register(customer);
});
afterAll(async () => {
  await app?.close();
});

const form = {
  code: 'SUMMER-15',
  type: 'percentage',
  value: 15,
  minimumOrder: 20,
  usageLimit: 10,
  expiresAt: null,
  description: 'Summer sale',
};
const someId = '64b7f0c2a1b2c3d4e5f60718';
const calls: Array<[string, string]> = [
  ['GET', '/api/admin/discount-codes'],
  ['POST', '/api/admin/discount-codes'],
  ['PUT', `/api/admin/discount-codes/${someId}`],
  ['DELETE', `/api/admin/discount-codes/${someId}`],
];
const bodyFor = (method: string) => (method === 'POST' || method === 'PUT' ? form : undefined);

describe('admin discount codes with real sign-in', () => {
  it.each(calls)('%s %s signed out is 401, as a customer 403', async (method, path) => {
    const signedOut = await app.agent().request(method, path, { body: bodyFor(method) });
    expect(signedOut.status).toBe(401);
    const asCustomer = await customer.request(method, path, { body: bodyFor(method) });
    expect(asCustomer.status).toBe(403);
    expect((await admin.request('GET', '/api/admin/discount-codes')).body).toEqual([]);
  });

  it('an admin creates, lists, edits and deletes a code; a shopper applies it in between', async () => {
    const created = await admin.request('POST', '/api/admin/discount-codes', { body: form });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'SUMMER-15', value: 15, timesUsed: 0 });
    expect((await admin.request('GET', '/api/admin/discount-codes')).body).toEqual([created.body]);

    const shopper = app.agent();
    const applied = await shopper.request('POST', '/api/discount-codes/apply', {
      body: { code: 'summer-15', subtotal: 40 },
    });
    expect(applied.body).toMatchObject({ valid: true, discountAmount: 6, newTotal: 34 });

    const edited = await admin.request('PUT', `/api/admin/discount-codes/${created.body.id}`, {
      body: { isActive: false },
    });
    expect(edited.body).toMatchObject({ isActive: false, value: 15 });
    const refused = await shopper.request('POST', '/api/discount-codes/apply', {
      body: { code: 'SUMMER-15', subtotal: 40 },
    });
    expect(refused.body).toMatchObject({ valid: false, reason: 'not_found' });

    const bad = await admin.request('POST', '/api/admin/discount-codes', {
      body: { ...form, code: 'summer' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'code', message: DISCOUNT_CODE_PATTERN_MESSAGE }]);
    expect((await admin.request('POST', '/api/admin/discount-codes', { body: form })).status).toBe(
      409,
    );

    const deleted = await admin.request('DELETE', `/api/admin/discount-codes/${created.body.id}`);
    expect(deleted.status).toBe(200);
    expect((await admin.request('GET', '/api/admin/discount-codes')).body).toEqual([]);
  });

  it('when an admin sets an expiry day and later edits something else, then the day stays the last day the code works (shop time zone)', async () => {
    const created = await admin.request('POST', '/api/admin/discount-codes', {
      body: { ...form, code: 'LASTDAY', expiresAt: '2030-06-30' },
    });
    expect(created.status, created.text).toBe(201);
    // The last day in America/New_York: it stops at midnight there (04:00 UTC in summer).
    expect(created.body).toMatchObject({
      expiresOn: '2030-06-30',
      expiresAt: '2030-07-01T04:00:00.000Z',
    });

    // The admin dialog sends back the day it shows with the other change.
    const edited = await admin.request('PUT', `/api/admin/discount-codes/${created.body.id}`, {
      body: { description: 'Edited', expiresAt: created.body.expiresOn },
    });
    expect(edited.status).toBe(200);
    const onlyDescription = await admin.request(
      'PUT',
      `/api/admin/discount-codes/${created.body.id}`,
      {
        body: { description: 'Edited again' },
      },
    );
    expect(onlyDescription.body).toMatchObject({
      description: 'Edited again',
      expiresOn: '2030-06-30',
    });
    const listed = await admin.request('GET', '/api/admin/discount-codes');
    expect(listed.body.find((code: { id: string }) => code.id === created.body.id)).toMatchObject({
      expiresOn: '2030-06-30',
      expiresAt: '2030-07-01T04:00:00.000Z',
    });

    // Still usable on its last evening in New York, not the morning after.
    const { evaluateDiscount } = await import('../src/modules/discounts/discounts');
    expect(await evaluateDiscount('LASTDAY', 5000, new Date('2030-07-01T03:59:00Z'))).toMatchObject(
      { valid: true },
    );
    expect(await evaluateDiscount('LASTDAY', 5000, new Date('2030-07-01T04:00:00Z'))).toMatchObject(
      { valid: false, reason: 'expired' },
    );
  });
});
