// Serialized asset tags (docs/product.md section 12): a numbered series with a code, one label per
// spreadsheet row, their price, their proof and the production file, read back as a scanner would.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/platform/logger';
import { OutboxModel } from '../src/modules/mail/model';
import { OrderModel } from '../src/modules/orders/model';
import { signOrderLink } from '../src/modules/orders/order-access';
import { readWorkbook } from '../src/modules/asset-tags/spreadsheet';
import { decodeCodesInPdf } from './support/code-reading';
import {
  PASSWORD,
  addToCart,
  customerInfo,
  label,
  pay,
  placeOrder,
  register,
  registerAdmin,
} from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let uploadDir: string;
let app: TestApp;
let admin: TestAgent;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'shop-tags-'));
  app = await startTestApp({ UPLOAD_DIR: uploadDir }, { logger: createLogger('silent') });
  admin = app.agent();
  await registerAdmin(admin);
});
afterAll(async () => {
  await app?.close();
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});

const cookieOf = (agent: TestAgent) =>
  [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

async function download(agent: TestAgent, url: string): Promise<Buffer> {
  const response = await fetch(`${app.baseUrl}${url}`, {
    headers: { 'x-session-id': agent.sessionId, cookie: cookieOf(agent) },
  });
  expect(response.status, url).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The shopper's cart placed and paid, waiting for its proof: the words of its first line's proof. */
async function paidProofWords(shopper: TestAgent): Promise<string> {
  const order = await placeOrder(shopper, {}, { skipProof: false });
  expect((await pay(shopper, order.orderId)).status).toBe(200);
  const item = (await shopper.request('GET', `/api/orders/${order.orderId}`)).body.items[0];
  const svg = (
    await download(shopper, `/api/orders/${order.orderId}/items/${item.id}/proof.svg`)
  ).toString('utf8');
  return svg.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

/** An .xlsx of one sheet "Tags": the workbook's parts, and the given ones (each an XML body). */
function xlsx(parts: Record<string, string>): Uint8Array {
  const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  return zipSync({
    '[Content_Types].xml': xml('<Types/>'),
    'xl/workbook.xml': xml(
      '<workbook xmlns:r="r"><sheets><sheet name="Tags" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': xml(
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    ...Object.fromEntries(Object.entries(parts).map(([path, body]) => [path, xml(body)])),
  });
}

/** The admin's proof revision of a line's text (multipart, as the admin's form sends it). */
async function reviseText(orderId: string, lineId: string, customText: string) {
  const form = new FormData();
  form.append('lineId', lineId);
  form.append('customText', customText);
  return fetch(`${app.baseUrl}/api/admin/orders/${orderId}/proof/revisions`, {
    method: 'POST',
    headers: { 'x-session-id': admin.sessionId, cookie: cookieOf(admin) },
    body: form,
  });
}

async function uploadSheet(agent: TestAgent, name: string, content: string | Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const response = await fetch(`${app.baseUrl}/api/label-sheets`, {
    method: 'POST',
    headers: { 'x-session-id': agent.sessionId, cookie: cookieOf(agent) },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { message?: string; id?: string },
  };
}

const SERIES = {
  ...label({ color: 'white-black', mounting: 'no-mounting', width: 3, height: 1.5 }),
  customText: 'PUMP {n}',
  quantity: 500,
  series: { start: 1501, step: 1, padding: 0 },
  code: {
    type: 'qrcode' as const,
    placement: 'beside' as const,
    value: 'https://assets.example.com/t/{n}',
  },
};

describe('a numbered series with a code', () => {
  it('is priced per label, with the code and variable-data fees and the break on the count', async () => {
    const price = await app.request('POST', '/api/calculate-price', { body: SERIES });
    // Phenolic 3 x 1.5: 2.00 + 4.5 x 0.45 = 4.025 -> 402.5, + 25 + 10 = 437.5 cents, 100+ 20% off.
    expect(price.status, price.text).toBe(200);
    expect(price.body.unitPrice).toBe(3.5);
    expect(price.body.total).toBe(1750);
  });

  it('goes in the cart as one line that keeps its series; a second add of its numbers, or a change that reaches them, is refused and changes nothing', async () => {
    const shopper = app.agent();
    const first = await addToCart(shopper, SERIES);
    expect(first.body.item.productConfig).toMatchObject({
      series: { start: 1501, step: 1, padding: 0 },
      code: { type: 'qrcode', placement: 'beside' },
      rows: null,
    });
    expect(first.body.item.quantity).toBe(500);
    const again = await shopper.request('POST', '/api/cart', { body: SERIES });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message:
        'Line 1 of your cart already engraves PUMP 1501: a label is engraved once in an order. Start this series after it, or remove that line.',
    });
    // Every other number of 1501 to 2499 would still take 1501 to 1999's: refused too.
    const everyOther = { ...SERIES, series: { ...SERIES.series, start: 1999, step: 2 } };
    expect((await shopper.request('POST', '/api/cart', { body: everyOther })).body.message).toMatch(
      /^Line 1 of your cart already engraves PUMP 1999:/,
    );
    // After it, or the same numbers padded otherwise (other labels), are lines of their own.
    const after = await addToCart(shopper, {
      ...SERIES,
      series: { ...SERIES.series, start: 2001 },
    });
    expect(after.body.items).toHaveLength(2);
    const padded = { ...SERIES, series: { ...SERIES.series, padding: 6 } };
    expect((await addToCart(shopper, padded)).body.itemCount).toBe(1500);

    const grown = await shopper.request('PUT', `/api/cart/${first.body.item.id}`, {
      body: { quantity: 501 },
    });
    expect(grown.status).toBe(409);
    expect(grown.body.message).toBe(
      'This change would have lines 1 and 2 of your cart both engrave PUMP 2001: a label is engraved once in an order. Change the first number of one of them, or remove one.',
    );
    const cart = (await shopper.request('GET', '/api/cart')).body;
    expect(cart.items.map((item: { quantity: number }) => item.quantity)).toEqual([500, 500, 500]);
    // A plain label added twice is one line of both quantities.
    await addToCart(shopper, { customText: 'PLAIN' });
    const plain = await addToCart(shopper, { customText: 'PLAIN' });
    expect(plain.body.items).toHaveLength(4);
  });

  it('is refused at checkout when two lines of the cart share a number (a guest cart joined at sign-in), before anything is written', async () => {
    const customer = app.agent();
    const email = (await register(customer)).body.email as string;
    await addToCart(customer, { ...SERIES, quantity: 10 });
    const browser = app.agent();
    await addToCart(browser, {
      ...SERIES,
      quantity: 10,
      series: { ...SERIES.series, start: 1505 },
    });
    const signedIn = await browser.request('POST', '/api/auth/login', {
      body: { email, password: PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    expect((await browser.request('GET', '/api/cart')).body.items).toHaveLength(2);

    const ordersBefore = await OrderModel.countDocuments();
    const placed = await browser.request('POST', '/api/orders', {
      body: { customerInfo: customerInfo(), skipProof: true },
    });
    expect(placed.status).toBe(409);
    expect(placed.body).toEqual({
      message:
        'Lines 1 and 2 of your cart both engrave PUMP 1505: a label is engraved once in an order. Change the first number of one of them, or remove one.',
    });
    expect(await OrderModel.countDocuments()).toBe(ordersBefore);
  });

  it('is refused when its code would be too small to scan, saying why', async () => {
    const shopper = app.agent();
    const response = await shopper.request('POST', '/api/cart', {
      body: { ...SERIES, width: 1, height: 0.75 },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(
      /^Label 1 \(https:\/\/assets\.example\.com\/t\/1501\): Too small to scan: the QR code's squares would be 0\.0\d\d in wide and laser engraving on Phenolic needs at least 0\.015 in/,
    );
    expect((await shopper.request('GET', '/api/cart')).body.items).toHaveLength(0);
  });

  it('checks the text of its widest label, not only its last: skipping the proof is refused, and the proof names that label', async () => {
    // "EQUIPMENT 10" is set smaller than "EQUIPMENT 11" (two wide digits against two narrow ones).
    const small = {
      ...label({ color: 'white-black', mounting: 'no-mounting', width: 1.53, height: 0.75 }),
      customText: 'EQUIPMENT {n}',
      quantity: 11,
      series: { start: 1, step: 1, padding: 0 },
    };
    const shopper = app.agent();
    await addToCart(shopper, small);
    const refused = await shopper.request('POST', '/api/orders', {
      body: { customerInfo: customerInfo(), skipProof: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Label 1: the text is too small to engrave legibly/);

    const words = await paidProofWords(shopper);
    expect(words).toContain('Text too small to engrave legibly');
    expect(words).toContain('On label 10 (“EQUIPMENT 10”), capital letters would be');
  });

  it('measures a code as the preview draws it: a value whose digits pack tighter than the worst case fits', async () => {
    // Code 128 packs "00001234" two digits a bar pattern: 112 modules drawn, where the worst case
    // of ten characters is 145 (narrowest bars 0.0105 in drawn, 0.008 in the worst case).
    const response = await app.request('POST', '/api/cart', {
      body: {
        ...label({ color: 'white-black', mounting: 'no-mounting', width: 2.53, height: 1 }),
        customText: 'PUMP',
        quantity: 1,
        code: { type: 'code128', placement: 'beside', value: 'AT00001234' },
      },
    });
    expect(response.status, response.text).toBe(201);
  });

  it('refuses characters its code cannot carry', async () => {
    const response = await app.request('POST', '/api/cart', {
      body: { ...SERIES, code: { type: 'code128', placement: 'below', value: 'PUMPÉ {n}' } },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ path: 'code.value' });
  });

  it('goes into the order, and its proof and production file carry codes that read back as every number', async () => {
    const shopper = app.agent();
    await addToCart(shopper, {
      ...SERIES,
      quantity: 12,
      series: { start: 7, step: 3, padding: 4 },
    });
    const order = await placeOrder(shopper, {}, { skipProof: false });
    expect((await pay(shopper, order.orderId)).status).toBe(200);
    const placed = await shopper.request('GET', `/api/orders/${order.orderId}`);
    const item = placed.body.items[0];
    expect(item.productConfig.series).toEqual({ start: 7, step: 3, padding: 4 });
    // The proof's answer names what the customer approves: 12 labels, numbered 0007 to 0040.
    const view = await shopper.request('GET', `/api/orders/${order.orderId}/proof`);
    expect(view.body.revisions[0].lines[0]).toMatchObject({ labels: 12 });
    expect(view.body.revisions[0].lines[0].varies).toBe(
      'PUMP 0007 to PUMP 0040, every 3 (12 labels, 4 digits)',
    );

    const expected = Array.from(
      { length: 12 },
      (_, index) => `https://assets.example.com/t/${String(7 + 3 * index).padStart(4, '0')}`,
    );
    const proof = await download(
      shopper,
      `/api/orders/${order.orderId}/items/${item.id}/proof.pdf`,
    );
    const inProof = decodeCodesInPdf('qrcode', proof);
    // The first label at actual size, then first, last and a sample drawn small.
    expect(inProof[0]).toBe(expected[0]);
    expect(inProof.slice(1, 2)).toEqual([expected[0]]);
    expect(inProof.at(-1)).toBe(expected[11]);
    expect(inProof.every((value) => expected.includes(value))).toBe(true);
    expect(proof.toString('latin1')).toContain('/Count 2');

    // The engraver's files: refused until the customer approves the proof, then every label.
    const productionCsv = `/api/admin/orders/${order.orderId}/items/${item.id}/production.csv`;
    const early = await admin.request('GET', productionCsv);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/once the proof is approved/);
    const approved = await shopper.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 1, name: 'Ann Lee' },
    });
    expect(approved.status, approved.text).toBe(200);

    const production = await download(
      admin,
      `/api/admin/orders/${order.orderId}/items/${item.id}/production.pdf?layout=page`,
    );
    expect(decodeCodesInPdf('qrcode', production)).toEqual(expected);
    const sheets = await download(
      admin,
      `/api/admin/orders/${order.orderId}/items/${item.id}/production.pdf`,
    );
    expect(decodeCodesInPdf('qrcode', sheets)).toEqual(expected);
    // Each layout under a name of its own.
    for (const layout of ['sheet', 'page'])
      expect(
        (
          await admin.request(
            'HEAD',
            `/api/admin/orders/${order.orderId}/items/${item.id}/production.pdf?layout=${layout}`,
          )
        ).headers.get('content-disposition'),
      ).toContain(`production-${order.orderNumber}-1-${layout}s.pdf`);
    const csv = (
      await download(admin, `/api/admin/orders/${order.orderId}/items/${item.id}/production.csv`)
    ).toString('utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(13);
    expect(lines[1]).toBe(`"1","1","1","","PUMP 0007","qrcode","${expected[0]}"`);
  });

  it('draws Code 128 and Data Matrix codes that read back too', async () => {
    for (const [type, placement] of [
      ['code128', 'below'],
      ['datamatrix', 'beside'],
    ] as const) {
      const shopper = app.agent();
      await addToCart(shopper, {
        ...SERIES,
        quantity: 5,
        width: 4,
        height: 2,
        code: { type, placement, value: 'TAG-{n}' },
      });
      const order = await placeOrder(shopper);
      expect((await pay(shopper, order.orderId)).status).toBe(200);
      const item = (await shopper.request('GET', `/api/orders/${order.orderId}`)).body.items[0];
      const production = await download(
        admin,
        `/api/admin/orders/${order.orderId}/items/${item.id}/production.pdf?layout=page`,
      );
      expect(decodeCodesInPdf(type, production), type).toEqual(
        ['1501', '1502', '1503', '1504', '1505'].map((n) => `TAG-${n}`),
      );
    }
  });
});

describe('"Order again" with a numbered series', () => {
  it('offers to continue after the highest number the customer ordered, or to repeat it', async () => {
    const customer = app.agent();
    await register(customer);
    await addToCart(customer, SERIES);
    const first = await placeOrder(customer);
    expect((await pay(customer, first.orderId)).status).toBe(200);

    const options = await customer.request('GET', `/api/orders/${first.orderId}/reorder`);
    expect(options.status, options.text).toBe(200);
    expect(options.body.series).toEqual([
      expect.objectContaining({
        quantity: 500,
        repeat: 'PUMP 1501 to PUMP 2000',
        continue: 'PUMP 2001 to PUMP 2500',
        nextStart: 2001,
      }),
    ]);
    const continued = await customer.request('POST', `/api/orders/${first.orderId}/reorder`, {
      body: { series: 'continue' },
    });
    expect(continued.status, continued.text).toBe(200);
    expect(continued.body.cart.items[0].productConfig.series).toEqual({
      start: 2001,
      step: 1,
      padding: 0,
    });
    // Sent twice (a double click): the second would engrave 2001 to 2500 again, and adds nothing.
    const twice = await customer.request('POST', `/api/orders/${first.orderId}/reorder`, {
      body: { series: 'continue' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/^Line 1 of your cart already engraves PUMP 2001:/);
    expect((await customer.request('GET', '/api/cart')).body.items).toHaveLength(1);
    const second = await placeOrder(customer);
    expect((await pay(customer, second.orderId)).status).toBe(200);

    // From the first order again: the customer has ordered up to 2500 under that series since.
    const again = await customer.request('GET', `/api/orders/${first.orderId}/reorder`);
    expect(again.body.series[0].continue).toBe('PUMP 2501 to PUMP 3000');
    const repeated = await customer.request('POST', `/api/orders/${first.orderId}/reorder`);
    expect(repeated.status).toBe(200);
    expect(repeated.body.cart.items[0].productConfig.series.start).toBe(1501);
  });

  it('continues two lines of one series one after the other, never with the same numbers', async () => {
    const customer = app.agent();
    await register(customer);
    await addToCart(customer, { ...SERIES, quantity: 10 });
    await addToCart(customer, {
      ...SERIES,
      quantity: 10,
      series: { ...SERIES.series, start: 1511 },
    });
    const first = await placeOrder(customer);
    expect((await pay(customer, first.orderId)).status).toBe(200);

    const options = await customer.request('GET', `/api/orders/${first.orderId}/reorder`);
    expect(options.body.series.map((line: { continue: string }) => line.continue)).toEqual([
      'PUMP 1521 to PUMP 1530',
      'PUMP 1531 to PUMP 1540',
    ]);
    const continued = await customer.request('POST', `/api/orders/${first.orderId}/reorder`, {
      body: { series: 'continue' },
    });
    expect(
      continued.body.cart.items.map(
        (item: { productConfig: { series: { start: number } } }) => item.productConfig.series.start,
      ),
    ).toEqual([1521, 1531]);
  });

  it('counts a line whose text a proof revision changed under its new text too: continuing an order of that text never repeats its numbers', async () => {
    const customer = app.agent();
    await register(customer);
    const plain = { ...SERIES, code: null, series: { start: 1, step: 1, padding: 0 } };
    const first = await addToCart(customer, { ...plain, customText: 'PUMP {n}', quantity: 50 });
    const revised = await placeOrder(customer, {}, { skipProof: false });
    expect((await pay(customer, revised.orderId)).status).toBe(200);
    expect((await reviseText(revised.orderId, first.body.item.id, 'PMP {n}')).status).toBe(201);
    const approved = await customer.request(
      'POST',
      `/api/orders/${revised.orderId}/proof/approve`,
      {
        body: { revision: 2, name: 'Ann Lee' },
      },
    );
    expect(approved.status, approved.text).toBe(200);

    // PMP 1 to PMP 50 are engraved; an order of "PMP {n}" 1 to 10 continues after 50.
    await addToCart(customer, { ...plain, customText: 'PMP {n}', quantity: 10 });
    const later = await placeOrder(customer);
    expect((await pay(customer, later.orderId)).status).toBe(200);
    const options = await customer.request('GET', `/api/orders/${later.orderId}/reorder`);
    expect(options.body.series[0]).toMatchObject({ continue: 'PMP 51 to PMP 60', nextStart: 51 });
  });

  it('refuses a revision whose text loses the number every label carries, and changes nothing', async () => {
    const shopper = app.agent();
    const added = await addToCart(shopper, { ...SERIES, quantity: 5, code: null });
    const order = await placeOrder(shopper, {}, { skipProof: false });
    expect((await pay(shopper, order.orderId)).status).toBe(200);
    const revised = await reviseText(order.orderId, added.body.item.id, 'PUMP');
    expect(revised.status).toBe(400);
    expect(((await revised.json()) as { message: string }).message).toMatch(
      /^Put \{n\} in the text where the number goes/,
    );
    const view = await shopper.request('GET', `/api/orders/${order.orderId}/proof`);
    expect(view.body.revisions).toHaveLength(1);

    // With the number in its code too, the text ordered with it still keeps it ("MOTOR" for
    // "PUMP {n}" would engrave every plate alike, only the codes differing).
    const coded = await addToCart(shopper, { ...SERIES, quantity: 5 });
    const second = await placeOrder(shopper, {}, { skipProof: false });
    expect((await pay(shopper, second.orderId)).status).toBe(200);
    const motor = await reviseText(second.orderId, coded.body.item.id, 'MOTOR');
    expect(motor.status).toBe(400);
    expect((await reviseText(second.orderId, coded.body.item.id, 'MOTOR {n}')).status).toBe(201);
  });

  it('continues after the numbers engraved under a revised text, and counts the owner’s numbers for a guest link’s holder too', async () => {
    const customer = app.agent();
    await register(customer);
    const added = await addToCart(customer, SERIES);
    const first = await placeOrder(customer, {}, { skipProof: false });
    expect((await pay(customer, first.orderId)).status).toBe(200);
    // The shop's revision changes the text; the customer approves it.
    const revised = await reviseText(first.orderId, added.body.item.id, 'PMP {n}');
    expect(revised.status).toBe(201);
    const approved = await customer.request('POST', `/api/orders/${first.orderId}/proof/approve`, {
      body: { revision: 2, name: 'Ann Lee' },
    });
    expect(approved.status, approved.text).toBe(200);

    const options = await customer.request('GET', `/api/orders/${first.orderId}/reorder`);
    expect(options.body.series[0]).toMatchObject({
      repeat: 'PMP 1501 to PMP 2000',
      continue: 'PMP 2001 to PMP 2500',
    });
    const continued = await customer.request('POST', `/api/orders/${first.orderId}/reorder`, {
      body: { series: 'continue' },
    });
    expect(continued.status, continued.text).toBe(200);
    const second = await placeOrder(customer);
    expect((await pay(customer, second.orderId)).status).toBe(200);

    // The second order went under the engraved text: continuing the first again starts after it.
    const again = await customer.request('GET', `/api/orders/${first.orderId}/reorder`);
    expect(again.body.series[0].continue).toBe('PMP 2501 to PMP 3000');
    // The same numbers for the holder of the order's guest link, signed out in another browser.
    const link = signOrderLink(first.orderId, app.config.orderLinkSecret);
    const holder = await app
      .agent()
      .request('GET', `/api/orders/${first.orderId}/reorder?access=${link}`);
    expect(holder.body.series[0].continue).toBe('PMP 2501 to PMP 3000');
  });
});

const header = 'Tag,Name,Location\n';
const rowsOf = (count: number, change: (index: number) => string | null = () => null) =>
  Array.from(
    { length: count },
    (_, index) => change(index) ?? `V-${1000 + index},Valve ${index + 1},Hall ${(index % 4) + 1}`,
  ).join('\n');

function sheetLabel(sheetId: string, quantity: number) {
  return {
    ...label({ color: 'white-black', mounting: 'no-mounting', width: 3, height: 1.5 }),
    customText: '',
    quantity,
    rows: { sheetId, textColumns: [1, 0], codeColumn: 0 },
    code: { type: 'code128', placement: 'below', value: '' },
  };
}

describe('checking a spreadsheet', () => {
  it('is limited to 300 checks per 15 minutes from one address, the cart’s checks of a sheet’s rows counted in, then 429', async () => {
    const shopper = app.agent();
    const uploaded = await uploadSheet(shopper, 'valves.csv', header + rowsOf(2));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const headers = { 'x-forwarded-for': '198.51.100.230' };
    const check = () =>
      shopper.request('POST', `/api/label-sheets/${uploaded.body.id}/check`, {
        headers,
        body: sheetLabel(uploaded.body.id!, 2),
      });
    // A label without a sheet checks no rows: not counted.
    const plain = await shopper.request('POST', '/api/cart', { headers, body: label() });
    expect(plain.status, plain.text).toBe(201);
    const statuses = [];
    for (let attempt = 0; attempt < 299; attempt++) statuses.push((await check()).status);
    // The cart checks every row too: adding the sheet's label is the 300th check.
    const viaCart = await shopper.request('POST', '/api/cart', {
      headers,
      body: sheetLabel(uploaded.body.id!, 2),
    });
    expect(viaCart.status, viaCart.text).toBe(201);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await check()).status).toBe(429);
    const line = viaCart.body.item.id as string;
    const edited = await shopper.request('PUT', `/api/cart/${line}/configuration`, {
      headers,
      body: sheetLabel(uploaded.body.id!, 2),
    });
    expect(edited.status).toBe(429);
    expect(
      (
        await shopper.request('POST', '/api/cart', {
          headers,
          body: sheetLabel(uploaded.body.id!, 2),
        })
      ).status,
    ).toBe(429);
  });
});

describe("the shop's revision of a spreadsheet line", () => {
  it('refuses new text (the rows are what is engraved) and changes nothing; a malformed upload is a 400', async () => {
    const shopper = app.agent();
    const uploaded = await uploadSheet(shopper, 'valves.csv', header + rowsOf(3));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const added = await shopper.request('POST', '/api/cart', {
      body: sheetLabel(uploaded.body.id!, 3),
    });
    expect(added.status, added.text).toBe(201);
    const order = await placeOrder(shopper, {}, { skipProof: false });
    expect((await pay(shopper, order.orderId)).status).toBe(200);
    const lineId = added.body.item.id as string;

    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const send = (body: FormData | string, contentType?: string) =>
      fetch(`${app.baseUrl}/api/admin/orders/${order.orderId}/proof/revisions`, {
        method: 'POST',
        headers: {
          'x-session-id': admin.sessionId,
          cookie,
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        body,
      });
    const form = new FormData();
    form.append('lineId', lineId);
    form.append('customText', 'NEW TEXT');
    const refused = await send(form);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^A spreadsheet line's text comes from its rows/,
    );
    const proof = await admin.request('GET', `/api/admin/orders/${order.orderId}/proof`);
    expect(proof.body.revisions).toHaveLength(1);

    const truncated = await send(
      '--x\r\nContent-Disposition: form-data; name="lineId"\r\n\r\nabc',
      'multipart/form-data; boundary=x',
    );
    expect(truncated.status).toBe(400);
  });
});

describe('"Order again" with a spreadsheet line, from another browser', () => {
  it("when the guest link's holder orders again, then the spreadsheet's line comes with a copy of its rows kept for them, and the owner's own sheet stays theirs", async () => {
    const shopper = app.agent();
    const uploaded = await uploadSheet(shopper, 'valves.csv', header + rowsOf(3));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    await addToCart(shopper, { customText: 'MAIN PUMP' });
    const added = await shopper.request('POST', '/api/cart', {
      body: sheetLabel(uploaded.body.id!, 3),
    });
    expect(added.status, added.text).toBe(201);
    const order = await placeOrder(shopper);
    expect((await pay(shopper, order.orderId)).status).toBe(200);

    const holder = app.agent();
    const link = signOrderLink(order.orderId, app.config.orderLinkSecret);
    const again = await holder.request(
      'POST',
      `/api/orders/${order.orderId}/reorder?access=${link}`,
    );
    expect(again.status, again.text).toBe(200);
    const items = (await holder.request('GET', '/api/cart')).body.items;
    expect(items).toHaveLength(2);
    const sheetId = items.find(
      (item: { productConfig: { rows: unknown } }) => item.productConfig.rows,
    ).productConfig.rows.sheetId as string;
    expect(sheetId).not.toBe(uploaded.body.id);
    // The copy is the holder's (its rows read back), and the original is not.
    const rows = await holder.request('GET', `/api/label-sheets/${sheetId}`);
    expect(rows.status, rows.text).toBe(200);
    expect(rows.body.rowCount).toBe(3);
    const theirs = await holder.request('GET', `/api/label-sheets/${uploaded.body.id}`);
    expect(theirs.status).toBe(404);
    // The owner orders again from their own sheet.
    expect((await shopper.request('POST', `/api/orders/${order.orderId}/reorder`)).status).toBe(
      200,
    );
    const own = (await shopper.request('GET', '/api/cart')).body.items;
    expect(
      own.find((item: { productConfig: { rows: unknown } }) => item.productConfig.rows)
        .productConfig.rows.sheetId,
    ).toBe(uploaded.body.id);
  });
});

describe('one label per spreadsheet row', () => {
  it('checks every row, lists the wrong ones by row number, and keeps them out of the cart until fixed', async () => {
    const shopper = app.agent();
    const bad = rowsOf(40, (index) =>
      index === 4
        ? 'V-1004,Valve with a name far too long to engrave at any legible size on this small label,Hall 1'
        : index === 9
          ? 'V-10é9,Valve 10,Hall 2'
          : index === 30
            ? 'V-1002,Valve 31,Hall 3'
            : null,
    );
    const uploaded = await uploadSheet(shopper, 'valves.csv', header + bad);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({ columns: ['Tag', 'Name', 'Location'], rowCount: 40 });
    const id = uploaded.body.id!;

    const checked = await shopper.request('POST', `/api/label-sheets/${id}/check`, {
      body: sheetLabel(id, 40),
    });
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body.errorCount).toBe(3);
    expect(checked.body.errors.map((error: { row: number }) => error.row)).toEqual([6, 11, 32]);
    expect(checked.body.errors[0].message).toMatch(
      /^Row 6: the text does not fit a 3\.00 × 1\.50 in label/,
    );
    expect(checked.body.errors[1].message).toMatch(
      /^Row 11: A Code 128 takes .*"é" cannot be encoded/,
    );
    expect(checked.body.errors[2].message).toBe(
      'Row 32: "V-1002" is also in row 4: each tag must be unique',
    );

    const refused = await shopper.request('POST', '/api/cart', { body: sheetLabel(id, 40) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(
      /^3 rows need fixing before the labels go in the cart\. Row 6:/,
    );
    expect((await shopper.request('GET', '/api/cart')).body.items).toHaveLength(0);

    const fixed = await uploadSheet(shopper, 'valves.csv', header + rowsOf(40));
    const added = await shopper.request('POST', '/api/cart', {
      body: sheetLabel(fixed.body.id!, 40),
    });
    expect(added.status, added.text).toBe(201);
    // The line keeps the file's name and its first label (the order page draws it).
    expect(added.body.item.productConfig.rows).toMatchObject({
      originalName: 'valves.csv',
      firstLabel: { text: 'Valve 1\nV-1000', codeValue: 'V-1000' },
    });
    const changed = await shopper.request('PUT', `/api/cart/${added.body.item.id}`, {
      body: { quantity: 41 },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toMatch(/one label per row/);
  });

  it('shows in its proof the row whose text is set smallest, beside the first, the last and a sample', async () => {
    const shopper = app.agent();
    // Row 7 (label 6) is none of the first, the last or the evenly spread sample (labels 3, 5, 8, 10).
    const content =
      header + rowsOf(12, (index) => (index === 5 ? 'V-1005,Valve 6 east wing feed,Hall 2' : null));
    const uploaded = await uploadSheet(shopper, 'valves.csv', content);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const added = await shopper.request('POST', '/api/cart', {
      body: sheetLabel(uploaded.body.id!, 12),
    });
    expect(added.status, added.text).toBe(201);
    const words = await paidProofWords(shopper);
    expect(words).toContain('Label 1 (row 2), first');
    expect(words).toContain('Label 6 (row 7)');
    expect(words).toContain('Label 12 (row 13), last');
  });

  it("goes into a cart once: the same sheet's rows into the same columns again are refused, into other columns they are other labels", async () => {
    const shopper = app.agent();
    const uploaded = await uploadSheet(shopper, 'valves.csv', header + rowsOf(3));
    const id = uploaded.body.id!;
    const add = (body: object) => shopper.request('POST', '/api/cart', { body });
    expect((await add(sheetLabel(id, 3))).status).toBe(201);
    const again = await add(sheetLabel(id, 3));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Line 1 of your cart already engraves the rows of valves.csv: a label is engraved once in an order. Take other columns, or remove that line first.',
    );
    const otherColumns = {
      ...sheetLabel(id, 3),
      rows: { sheetId: id, textColumns: [2], codeColumn: 0 },
    };
    expect((await add(otherColumns)).body.items).toHaveLength(2);
  });

  it("pages through a sheet's rows for the preview, for its owner only", async () => {
    const shopper = app.agent();
    const uploaded = await uploadSheet(shopper, 'tags.csv', header + rowsOf(2000));
    const page = await shopper.request(
      'GET',
      `/api/label-sheets/${uploaded.body.id}?from=1998&limit=5`,
    );
    expect(page.status).toBe(200);
    expect(page.body.rows).toEqual([
      { row: 2000, cells: ['V-2998', 'Valve 1999', 'Hall 3'] },
      { row: 2001, cells: ['V-2999', 'Valve 2000', 'Hall 4'] },
    ]);
    const other = await app.agent().request('GET', `/api/label-sheets/${uploaded.body.id}`);
    expect(other.status).toBe(404);
  });

  it('numbers a CSV row as a spreadsheet shows it (a cell holding a line break is one row) and keeps every row after blank ones', async () => {
    const blank = ',,\n'.repeat(12_000);
    const content = `${header}"Boiler\nroom",Feed pump,Hall 1\n\n${blank}V-2000,Valve,Hall 2\n`;
    const uploaded = await uploadSheet(app.agent(), 'tags.csv', content);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({
      rowCount: 2,
      rows: [
        { row: 2, cells: ['Boiler\nroom', 'Feed pump', 'Hall 1'] },
        { row: 12_004, cells: ['V-2000', 'Valve', 'Hall 2'] },
      ],
      // Every label's row in a few pairs, for the preview's row picker.
      rowStarts: [
        [0, 2],
        [1, 12_004],
      ],
    });
  });

  it('reads a CSV as a spreadsheet program saved it: semicolons with commas in the text, a quote inside a cell; an unclosed quote is refused saying so', async () => {
    const agent = app.agent();
    const semicolons = await uploadSheet(
      agent,
      'pumps.csv',
      'Tag;Description (pumps, valves, tanks)\nP-1;Pump 3, east wing\nP-2;"Valve; west"\n',
    );
    expect(semicolons.status, JSON.stringify(semicolons.body)).toBe(201);
    expect(semicolons.body).toMatchObject({
      columns: ['Tag', 'Description (pumps, valves, tanks)'],
      rows: [
        { row: 2, cells: ['P-1', 'Pump 3, east wing'] },
        { row: 3, cells: ['P-2', 'Valve; west'] },
      ],
    });
    // A cell's Windows line break is one break, as a spreadsheet shows it: the same label as LF's.
    const breaks = await uploadSheet(
      agent,
      'rooms.csv',
      'Tag,Room\r\nB-1,"Boiler\r\nroom"\r\nB-2,"Boiler\nroom"\r\n',
    );
    expect(breaks.status, JSON.stringify(breaks.body)).toBe(201);
    expect(breaks.body.rows).toEqual([
      { row: 2, cells: ['B-1', 'Boiler\nroom'] },
      { row: 3, cells: ['B-2', 'Boiler\nroom'] },
    ]);
    const quotes = await uploadSheet(agent, 'pipes.csv', 'Tag,Size\nA1,"2"" pipe"\nA2,6" pipe\n');
    expect(quotes.status, JSON.stringify(quotes.body)).toBe(201);
    expect(quotes.body.rows).toEqual([
      { row: 2, cells: ['A1', '2" pipe'] },
      { row: 3, cells: ['A2', '6" pipe'] },
    ]);
    const unclosed = await uploadSheet(agent, 'open.csv', 'Tag,Size\nA1,"2 pipe\nA2,3\n');
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.message).toBe(
      'The file "open.csv" could not be read as CSV: a cell opens a quote (") that is never closed. Close it, or take the quote out, and upload the file again.',
    );
  });

  it('reads a CSV whose first row names one column as that column: a comma in a cell stays its text', async () => {
    const uploaded = await uploadSheet(
      app.agent(),
      'locations.csv',
      'Location\nBuilding 3, Room 2\nBuilding 4\n"Hall; east, 2"\nTank farm, north\n',
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({
      columns: ['Location'],
      rows: [
        { row: 2, cells: ['Building 3, Room 2'] },
        { row: 3, cells: ['Building 4'] },
        { row: 4, cells: ['Hall; east, 2'] },
        { row: 5, cells: ['Tank farm, north'] },
      ],
    });
  });

  it('reads the first sheet of an Excel workbook, by its content', async () => {
    const workbook = xlsx({
      'xl/sharedStrings.xml':
        '<sst><si><t>Tag</t></si><si><t>Name</t></si><si><r><t>Boiler </t></r><r><t>feed</t></r></si></sst>',
      'xl/worksheets/sheet1.xml':
        '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
        '<row r="3"><c r="A3"><v>1501</v></c><c r="B3" t="s"><v>2</v></c></row>' +
        '<row r="4"><c r="A4"><v>1502</v></c><c r="B4" t="inlineStr"><is><t>Feed pump</t></is></c></row></sheetData></worksheet>',
    });
    const uploaded = await uploadSheet(app.agent(), 'tags.xlsx', workbook);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({
      columns: ['Tag', 'Name'],
      rowCount: 2,
      rows: [
        { row: 3, cells: ['1501', 'Boiler feed'] },
        { row: 4, cells: ['1502', 'Feed pump'] },
      ],
    });
  });

  it('reads a workbook’s numbers as its formats show them: padded tags, dates, sums', async () => {
    const workbook = xlsx({
      'xl/styles.xml':
        '<styleSheet><numFmts count="1"><numFmt numFmtId="164" formatCode="&quot;TAG-&quot;0000"/></numFmts>' +
        '<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>' +
        '<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/></cellXfs></styleSheet>',
      'xl/worksheets/sheet1.xml':
        '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Tag</t></is></c>' +
        '<c r="B1" t="inlineStr"><is><t>Fitted</t></is></c><c r="C1" t="inlineStr"><is><t>Load</t></is></c></row>' +
        '<row r="2"><c r="A2" s="1"><v>7</v></c><c r="B2" s="2"><v>45292</v></c><c r="C2"><v>0.30000000000000004</v></c></row>' +
        '</sheetData></worksheet>',
    });
    const uploaded = await uploadSheet(app.agent(), 'formatted.xlsx', workbook);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.rows).toEqual([{ row: 2, cells: ['TAG-0007', '1/1/2024', '0.3'] }]);
  });

  it('refuses a row whose chosen cell shows a formula’s error, from a workbook or a CSV saved from one', async () => {
    const shopper = app.agent();
    const workbook = xlsx({
      'xl/worksheets/sheet1.xml':
        '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Tag</t></is></c>' +
        '<c r="B1" t="inlineStr"><is><t>Name</t></is></c><c r="C1" t="inlineStr"><is><t>Location</t></is></c></row>' +
        '<row r="2"><c r="A2" t="inlineStr"><is><t>V-1</t></is></c><c r="B2" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="C2" t="inlineStr"><is><t>Hall 1</t></is></c></row>' +
        '<row r="3"><c r="A3" t="inlineStr"><is><t>V-2</t></is></c><c r="B3" t="inlineStr"><is><t>Valve 2</t></is></c><c r="C3" t="e"><f>VLOOKUP(A3,D:E,2,0)</f><v>#N/A</v></c></row>' +
        '</sheetData></worksheet>',
    });
    const fromWorkbook = await uploadSheet(shopper, 'tags.xlsx', workbook);
    expect(fromWorkbook.status, JSON.stringify(fromWorkbook.body)).toBe(201);
    const fromCsv = await uploadSheet(
      shopper,
      'tags.csv',
      `${header}V-1,#DIV/0!,Hall 1\nV-2,Valve 2,#N/A\n`,
    );
    expect(fromCsv.status, JSON.stringify(fromCsv.body)).toBe(201);
    for (const id of [fromWorkbook.body.id!, fromCsv.body.id!]) {
      const checked = await shopper.request('POST', `/api/label-sheets/${id}/check`, {
        body: sheetLabel(id, 2),
      });
      expect(checked.status, checked.text).toBe(200);
      // Row 3's error is in the Location column, which the label does not use.
      expect(checked.body.errors).toEqual([
        {
          row: 2,
          message:
            'Row 2: "Name" shows #DIV/0!, a formula\'s error, not a value to engrave. Correct it in the spreadsheet and upload the file again.',
        },
      ]);
      const refused = await shopper.request('POST', '/api/cart', { body: sheetLabel(id, 2) });
      expect(refused.status).toBe(400);
    }
  });

  it('reads a workbook’s cell without a value as blank, whatever its type', async () => {
    const workbook = xlsx({
      'xl/sharedStrings.xml': '<sst><si><t>Tag</t></si><si><t>V-1</t></si></sst>',
      'xl/worksheets/sheet1.xml':
        '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c><c r="C1" t="inlineStr"><is><t>Fitted</t></is></c></row>' +
        '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="inlineStr"><is><t>Valve 1</t></is></c><c r="C2" t="b"><v>1</v></c></row>' +
        '<row r="3"><c r="A3" t="s"/><c r="B3" t="inlineStr"><is><t>Valve 2</t></is></c><c r="C3" t="b" s="0"/></row></sheetData></worksheet>',
    });
    const uploaded = await uploadSheet(app.agent(), 'blanks.xlsx', workbook);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.rows).toEqual([
      { row: 2, cells: ['V-1', 'Valve 1', 'TRUE'] },
      { row: 3, cells: ['', 'Valve 2', ''] },
    ]);
  });

  it('reads a workbook’s escaped characters as its cells show them: a pasted carriage return breaks the line, an escaped underscore is one', async () => {
    const workbook = xlsx({
      'xl/sharedStrings.xml':
        '<sst><si><t>Tag</t></si><si><t>Location</t></si><si><t>P-1</t></si>' +
        '<si><t xml:space="preserve">Pump 3_x000D_\nEast wing</t></si></sst>',
      'xl/worksheets/sheet1.xml':
        '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
        '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>3</v></c></row>' +
        '<row r="3"><c r="A3" t="inlineStr"><is><t>P_x005F_x0032_</t></is></c>' +
        '<c r="B3" t="inlineStr"><is><t>Tank_x000D_farm</t></is></c></row></sheetData></worksheet>',
    });
    const uploaded = await uploadSheet(app.agent(), 'tags.xlsx', workbook);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.rows).toEqual([
      { row: 2, cells: ['P-1', 'Pump 3\nEast wing'] },
      { row: 3, cells: ['P_x0032_', 'Tank\nfarm'] },
    ]);
  });

  it('keeps only a workbook’s filled rows while reading it, not millions of empty ones', () => {
    const workbook = xlsx({
      'xl/worksheets/sheet1.xml': `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Tag</t></is></c></row>${'<row/>'.repeat(1_000_000)}<row><c t="inlineStr"><is><t>V-1</t></is></c></row></sheetData></worksheet>`,
    });
    // A table of every <row> read held about 800 MB for a 58 KB file of 6,500,000 of them.
    expect(readWorkbook('blank-rows.xlsx', workbook)).toEqual([
      [1, ['Tag']],
      [1_000_002, ['V-1']],
    ]);
  });

  it('refuses a workbook whose formulas were never calculated, naming the first cell', async () => {
    const workbook = xlsx({
      'xl/worksheets/sheet1.xml':
        '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Tag</t></is></c></row>' +
        '<row r="2"><c r="A2" t="inlineStr"><is><t>V-1</t></is></c></row>' +
        '<row r="3"><c r="A3"><f>A2&amp;"0"</f></c></row></sheetData></worksheet>',
    });
    const uploaded = await uploadSheet(app.agent(), 'generated.xlsx', workbook);
    expect(uploaded.status).toBe(400);
    expect(uploaded.body.message).toBe(
      'The workbook "generated.xlsx" has formulas whose results were never saved (the first in cell A3): open it in Excel or LibreOffice and save it, or save it as CSV UTF-8, then upload it again.',
    );
  });

  it.each<[string, string, string | Uint8Array, number, RegExp]>([
    ['empty', 'empty.csv', '', 400, /is empty/],
    ['larger than 5MB', 'huge.csv', 'a,b\n'.repeat(1_400_000), 413, /larger than 5MB/],
    ['over 10,000 rows', 'long.csv', header + rowsOf(10_001), 400, /has 10,001 rows/],
    [
      'UTF-16 text',
      'utf16.csv',
      new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x2c, 0x00]),
      415,
      /UTF-16/,
    ],
    [
      'Windows-1252 text',
      'latin.csv',
      new Uint8Array([0x54, 0x61, 0x67, 0x0a, 0x56, 0xe9, 0x0a]),
      415,
      /not UTF-8 text/,
    ],
    [
      'binary',
      'photo.csv',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01]),
      415,
      /binary data/,
    ],
    [
      'an old Excel file',
      'old.xls',
      new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      415,
      /97-2003/,
    ],
    [
      'a zip that is no workbook',
      'tags.xlsx',
      zipSync({ 'a.txt': strToU8('x') }),
      415,
      /no xl\/workbook\.xml/,
    ],
    [
      'a workbook that unpacks past 40MB',
      'bomb.xlsx',
      zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(45 * 1024 * 1024) }, { level: 9 }),
      413,
      /unpacks to more than 40MB/,
    ],
    ['a header and no rows', 'header.csv', header, 400, /no rows under its first row/],
  ])('a file that is %s is refused, saying why', async (_what, name, content, status, message) => {
    const response = await uploadSheet(app.agent(), name, content);
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body.message).toMatch(message);
  });
});

describe("the order's emails", () => {
  it('name each line’s labels: a series’ range and a spreadsheet’s rows, with their code', async () => {
    const shopper = app.agent();
    await addToCart(shopper, {
      ...SERIES,
      quantity: 12,
      series: { start: 7, step: 3, padding: 4 },
    });
    const sheet = await uploadSheet(shopper, 'valves.csv', header + rowsOf(30));
    expect(
      (await shopper.request('POST', '/api/cart', { body: sheetLabel(sheet.body.id!, 30) })).status,
    ).toBe(201);
    const order = await placeOrder(shopper, {}, { skipProof: false });
    expect((await pay(shopper, order.orderId)).status).toBe(200);
    const placed = await shopper.request('GET', `/api/orders/${order.orderId}`);
    expect(placed.body.items[1].productConfig.rows.firstLabel).toEqual({
      text: 'Valve 1\nV-1000',
      codeValue: 'V-1000',
    });
    const textOf = async (key: string) =>
      ((await OutboxModel.findOne({ key }).lean()) as { text: string } | null)?.text ?? '';
    const series = 'Series: PUMP 0007 to PUMP 0040, every 3 (12 labels, 4 digits)';
    const rows = 'Rows: valves.csv: 30 rows, one label each (text from column B, A)';
    const confirmation = await textOf(`order_confirmation:${order.orderId}`);
    expect(confirmation).toContain(
      `  Text: PUMP {n}\n  ${series}\n  Code: QR code beside the text`,
    );
    expect(confirmation).toContain(`  ${rows}\n  Code: Code 128 under the text: column A`);
    const proof = await textOf(`proof_request:${order.orderId}:1`);
    expect(proof).toContain(series);
    expect(proof).toContain(rows);
  });
});

describe('characters the engraving cannot draw', () => {
  it('are refused by name on the text and by row in a spreadsheet; Cyrillic, Greek and Japanese are engraved', async () => {
    const shopper = app.agent();
    const engraved = await shopper.request('POST', '/api/cart', {
      body: { ...label(), customText: 'НАСОС Ω ポンプ 1' },
    });
    expect(engraved.status, engraved.text).toBe(201);
    const refused = await shopper.request('POST', '/api/cart', {
      body: { ...label(), customText: 'PUMP 𝐖𝐖 泵' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        path: 'customText',
        message: '"𝐖", "泵" cannot be engraved: our engraving font does not have them',
      },
    ]);

    const uploaded = await uploadSheet(
      shopper,
      'pumps.csv',
      `${header}P-1,Pump 1,Hall 1\nP-2,泵 2,Hall 2\nP-3,Pump 3,Hall 3`,
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const checked = await shopper.request('POST', `/api/label-sheets/${uploaded.body.id}/check`, {
      body: sheetLabel(uploaded.body.id!, 3),
    });
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body.errors).toEqual([
      { row: 3, message: 'Row 3: "泵" cannot be engraved: our engraving font does not have it' },
    ]);
  });

  it('refuse a control character by its code, in the cart and in the shop’s revision', async () => {
    const shopper = app.agent();
    const refused = await shopper.request('POST', '/api/cart', {
      body: { ...label(), customText: 'PUMP\u00071' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        path: 'customText',
        message: 'U+0007 cannot be engraved: our engraving font does not have it',
      },
    ]);
    const added = await addToCart(shopper, { ...label(), customText: 'PUMP 1' });
    const order = await placeOrder(shopper, {}, { skipProof: false });
    expect((await pay(shopper, order.orderId)).status).toBe(200);
    const revised = await reviseText(order.orderId, added.body.item.id, '\u0000\u0007');
    expect(revised.status).toBe(400);
  });
});
