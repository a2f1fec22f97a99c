// The admin's order list and search (orders/search.ts): by status, by dates, by the beginnings of the
// customer's names, email or email's domain, and their combinations, newest first, paged by key
// (every match once), an order found under its new status when it moves, and bad values answered 400.
import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderPageSchema } from '@shop/contracts';
import { addToCart, pay, placeOrder, registerAdmin } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let app: TestApp;
let admin: TestAgent;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.agent();
  await registerAdmin(admin);
});
afterAll(async () => {
  await app?.close();
});

/** A word no other order of this file has (letters only, so it is one search word). */
function uniqueWord(): string {
  return `q${Array.from(randomBytes(16), (byte) => 'abcdefghijklmnopqrstuvwxyz'[byte % 26]).join('')}`;
}

async function order(info: Record<string, string> = {}, paid = true) {
  const agent = app.agent();
  await addToCart(agent);
  const placed = await placeOrder(agent, info);
  if (paid) expect((await pay(agent, placed.orderId)).status).toBe(200);
  return placed.orderId;
}

async function search(query: string) {
  const response = await admin.request('GET', `/api/admin/orders?${query}`);
  expect(response.status, response.text).toBe(200);
  const page = adminOrderPageSchema.parse(response.body);
  expect(response.headers.get('x-next-before')).toBe(page.nextBefore);
  return page;
}

/** Every page of a search, following nextBefore to the end: the ids in the order they came. */
async function allPages(query: string, pageSize = 2): Promise<string[]> {
  const ids: string[] = [];
  let before: string | null = null;
  for (let call = 0; call < 200; call++) {
    const page = await search(
      `pageSize=${pageSize}&${query}${before ? `&before=${encodeURIComponent(before)}` : ''}`,
    );
    ids.push(...page.orders.map((found) => found.id));
    before = page.nextBefore;
    if (!before) return ids;
  }
  throw new Error('the pages did not end');
}

const ids = async (query: string) =>
  (await search(`pageSize=100&${query}`)).orders.map((found) => found.id);

describe('GET /api/admin/orders', () => {
  it('when filtered by status alone, then the orders in it newest first, and an order that moves changes lists', async () => {
    const word = uniqueWord();
    const first = await order({ lastName: word });
    const second = await order({ lastName: word });
    const unpaid = await order({ lastName: word }, false);
    const processing = await ids('status=processing');
    expect(processing.indexOf(second)).toBeLessThan(processing.indexOf(first));
    expect(processing).toContain(first);
    expect(processing).not.toContain(unpaid);
    expect(await ids('status=pending_payment')).toContain(unpaid);
    expect(await ids('status=pending_payment')).not.toContain(first);

    const shipped = await admin.request('POST', `/api/admin/orders/${first}/ship`, {
      body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.status).toBe(200);
    expect(await ids('status=processing')).not.toContain(first);
    expect(await ids('status=shipped')).toEqual([first]);
    expect(await ids(`status=shipped&q=${word}`)).toEqual([first]);
    expect(await ids(`status=processing&q=${word}`)).toEqual([second]);
    // The default list: the paid ones, whatever their status.
    expect(await ids(`q=${word}`)).toEqual([second, first]);
  });

  it('when filtered by dates alone or with a status, then the orders placed in those days of the shop, newest first', async () => {
    const word = uniqueWord();
    const first = await order({ firstName: word });
    const unpaid = await order({ firstName: word }, false);
    const second = await order({ firstName: word });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(),
    );
    const todays = await ids(`from=${today}&to=${today}`);
    expect(todays.indexOf(second)).toBeLessThan(todays.indexOf(first));
    expect(todays).toContain(first);
    expect(todays).not.toContain(unpaid); // without a status: the paid orders
    expect(await ids(`from=${today}&to=${today}&status=pending_payment`)).toContain(unpaid);
    expect(await ids(`from=${today}`)).toContain(second);
    expect(await ids(`to=${today}`)).toContain(second);
    expect(await ids('from=2000-01-01&to=2000-01-02')).toEqual([]);
    expect(await ids('to=2000-01-02')).toEqual([]);
    expect(await ids('from=2100-01-01')).toEqual([]);
    expect(await ids(`from=${today}&to=${today}&q=${word}`)).toEqual([second, first]);
    expect(await ids(`from=2000-01-01&to=2000-01-02&q=${word}`)).toEqual([]);
  });

  it('when searched by the beginnings of a name or an email, then the orders where every word begins the first name, the last name, the email or its domain', async () => {
    const name = uniqueWord();
    const other = uniqueWord();
    const email = `${name}.smith@${other}.example.com`;
    const theirs = await order({ firstName: 'Mary-Jo', lastName: name, email });
    const namesake = await order({ firstName: 'Ann', lastName: name });
    expect(await ids(`q=${name}`)).toEqual([namesake, theirs]);
    expect(await ids(`q=${name.slice(0, 6).toUpperCase()}`)).toEqual([namesake, theirs]);
    expect(await ids(`q=${encodeURIComponent(`mary ${name}`)}`)).toEqual([theirs]);
    expect(await ids(`q=${encodeURIComponent(`ann ${name}`)}`)).toEqual([namesake]);
    expect(await ids(`q=${encodeURIComponent(email.toUpperCase())}`)).toEqual([theirs]);
    expect(await ids(`q=${name.slice(1)}`)).toEqual([]); // not the middle of a name
    expect(await ids(`q=${name}zzzz`)).toEqual([]);
    expect(await ids(`q=${other}`)).toEqual([theirs]); // the beginning of the email's domain
    expect(await ids(`q=${other.slice(1)}`)).toEqual([]); // not the middle of the domain
  });

  it('when a name has several words (Mary Ann de la Cruz, Van Dyke), then each of its words finds it, and the name as written', async () => {
    const name = uniqueWord();
    const email = `${uniqueWord()}@example.com`;
    const cruz = await order({ firstName: 'Mary Ann', lastName: `de la ${name}`, email });
    const dyke = await order({ firstName: 'Maria', lastName: `Van ${name}`, email });
    const found = (q: string) => ids(`q=${encodeURIComponent(q)}`);
    expect(await found(name)).toEqual([dyke, cruz]);
    expect(await found(`Mary Ann de la ${name}`)).toEqual([cruz]);
    expect(await found(`de la ${name}`)).toEqual([cruz]);
    expect(await found(`ann ${name.slice(0, 5)}`)).toEqual([cruz]);
    expect(await found(`la ${name}`)).toEqual([cruz]);
    expect(await found(`Maria Van ${name}`)).toEqual([dyke]);
    expect(await found(`van ${name}`)).toEqual([dyke]);
    // Still not the middle of a word.
    expect(await found(`nn ${name}`)).toEqual([]);
    expect(await found(name.slice(1))).toEqual([]);
  });

  it("when searched by the beginning of the email's domain, then the orders at that domain, and a word that begins nothing finds none", async () => {
    const name = uniqueWord();
    const domain = uniqueWord();
    const atExample = await order({ lastName: name, email: `jo.${name}@Example.com` });
    const atTools = await order({ firstName: 'Jo', lastName: name, email: `jo@novak-tools.com` });
    const atTheirs = await order({ lastName: name, email: `sales@${domain}-tools.com` });
    // "exam" finds ...@example.com (with the name, to leave out the other orders at example.com).
    expect(await ids(`q=${encodeURIComponent(`exam ${name}`)}`)).toEqual([atExample]);
    expect(await ids(`q=${encodeURIComponent(`EXAMPLE ${name}`)}`)).toEqual([atExample]);
    // A hyphened domain from its start: "novak" finds ...@novak-tools.com.
    expect(await ids(`q=${encodeURIComponent(`novak ${name}`)}`)).toEqual([atTools]);
    expect(await ids(`q=${encodeURIComponent(`jo novak`)}`)).toContain(atTools);
    expect(await ids(`q=${domain.slice(0, 5)}`)).toEqual([atTheirs]);
    expect(await ids(`q=${domain}`)).toEqual([atTheirs]);
    // A word that begins no name, email or domain finds nothing.
    expect(await ids(`q=${domain.slice(1)}`)).toEqual([]); // the middle of the domain
    expect(await ids(`q=${encodeURIComponent(`tools ${name}`)}`)).toEqual([]); // after its hyphen
    expect(await ids(`q=${encodeURIComponent(`com ${name}`)}`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent(`exam ${domain}`)}`)).toEqual([]);
  });

  it("when searched with a name's or an email's punctuation, then as typed: Mary-Jo, O'Neil, jane.doe, example.com", async () => {
    const name = uniqueWord();
    const domain = uniqueWord();
    const email = `mj.o-${name}@${domain}.example.com`;
    const theirs = await order({ firstName: 'Mary-Jo', lastName: `O'${name}`, email });
    const janeDoe = await order({ firstName: 'Jane', lastName: name });
    const found = (q: string) => ids(`q=${encodeURIComponent(q)}`);
    expect(await found(`Mary-Jo O'${name}`)).toEqual([theirs]);
    expect(await found(`O'${name.slice(0, 5)}`)).toEqual([theirs]);
    expect(await found(`mj.o-${name}`)).toEqual([theirs]);
    expect(await found(`${domain}.example.com`)).toEqual([theirs]);
    expect(await found(`${domain}.exa`)).toEqual([theirs]);
    // A word's parts each begin a key: "jane.doe" finds Jane Doe.
    expect(await found(`jane.${name}`)).toEqual([janeDoe]);
    expect(await found(`${name}.`)).toEqual([janeDoe]);
    // Not the middle of a word, with its punctuation or without.
    expect(await found(`Jo O'${name}`)).toEqual([]);
    expect(await found(`${name.slice(2)}.jane`)).toEqual([]);
  });

  it('when paged by nextBefore, then every match comes once, newest first', async () => {
    const word = uniqueWord();
    const placed: string[] = [];
    for (let n = 0; n < 5; n++) placed.push(await order({ lastName: word }, false));
    const newestFirst = [...placed].reverse();
    expect(await allPages(`status=pending_payment&q=${word}`)).toEqual(newestFirst);
    expect(await allPages(`q=${word}&status=pending_payment`, 1)).toEqual(newestFirst);
    const pending = await allPages('status=pending_payment', 2);
    expect(pending.filter((id) => placed.includes(id))).toEqual(newestFirst);
    expect(new Set(pending).size).toBe(pending.length);
    const today = new Date().toISOString().slice(0, 10);
    const days = await allPages(`status=pending_payment&from=2000-01-01&to=${today}`, 2);
    expect(days.filter((id) => placed.includes(id))).toEqual(newestFirst);
    expect(new Set(days).size).toBe(days.length);
    const paid = await allPages('', 1);
    expect(new Set(paid).size).toBe(paid.length);
    expect(paid).toEqual(await ids(''));
  });

  it('when a value is bad, then 400 in the agreed format and no orders', async () => {
    for (const query of [
      'q=a',
      'q=.*',
      'q=a%20b',
      'before=abc',
      'before=0',
      'status=processing&before=2026-01-01:3',
      'from=2026-01-01&before=12',
      'from=2026-01-01&before=2026-02-30',
      `before=${new Types.ObjectId().toString()}`,
      'from=2026-13-01',
      'to=9999-12-31',
      'from=0000-01-01',
      'pageSize=0',
    ]) {
      const response = await admin.request('GET', `/api/admin/orders?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toMatchObject({
        message: expect.any(String),
        errors: [{ path: expect.any(String), message: expect.any(String) }],
      });
    }
  });

  it('when the days are the wrong way round, then 400 saying so, as an export of them is', async () => {
    const response = await admin.request('GET', '/api/admin/orders?from=2026-12-07&to=2026-12-06');
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ path: 'to', message: 'from must be on or before to' }]);
    const exported = await admin.request('POST', '/api/admin/exports', {
      body: { kind: 'orders', from: '2026-12-07', to: '2026-12-06' },
    });
    expect(exported.body.errors).toEqual(response.body.errors);
  });

  it('when not an admin, then 401 or 403', async () => {
    expect((await app.agent().request('GET', '/api/admin/orders?status=processing')).status).toBe(
      401,
    );
  });
});
