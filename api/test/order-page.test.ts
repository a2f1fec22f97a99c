// One order's page, reorder, invoice and guest link (docs/product.md, "Order page"): its owner or the
// holder of its guest link reads it; anyone else gets the same 404 as for an order that does not exist.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ORDER_LOOKUP_MESSAGE,
  formatDollars,
  orderDetailSchema,
  reorderResultSchema,
} from '@shop/contracts';
import { OutboxModel } from '../src/modules/mail/model';
import { OrderModel } from '../src/modules/orders/model';
import { invoiceOf } from '../src/modules/orders/invoice';
import { signOrderLink } from '../src/modules/orders/order-access';
import {
  addToCart,
  cookieOf,
  pay,
  placeOrder,
  PASSWORD,
  register,
  registerAdmin,
  uniqueEmail,
  uploadFile,
} from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

// Every PDF the API asks the worker for, by kind: an invoice answered 304 is not drawn again.
const rendered = vi.hoisted(() => [] as string[]);
vi.mock('../src/platform/pdf-thread', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/platform/pdf-thread')>();
  return {
    ...original,
    renderOffThread: (...args: Parameters<typeof original.renderOffThread>) => {
      rendered.push(args[0]);
      return original.renderOffThread(...args);
    },
  };
});

let uploadDir: string;
let app: TestApp;
let owner: TestAgent;
let ownerOrder: { orderId: string; orderNumber: number; total: number };

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'shop-order-page-'));
  app = await startTestApp({
    TAX_RATES: JSON.stringify({ NY: 0.08875 }),
    UPLOAD_DIR: uploadDir,
    SHOP_NAME: 'Acme Engraving Co',
    SHOP_ADDRESS: '12 Harbor Road, Portland, ME 04101',
    SHOP_PHONE: '+1 (207) 555-0142',
    SHOP_EMAIL: 'hello@acme-engraving.example',
  });
  owner = app.agent();
  await register(owner);
  await addToCart(owner, { customText: 'PUMP 3', quantity: 2 });
  ownerOrder = await placeOrder(owner);
  expect((await pay(owner, ownerOrder.orderId)).status).toBe(200);
});
afterAll(async () => {
  await app?.close();
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});

const upload = (agent: TestAgent, name: string, content: string | Uint8Array<ArrayBuffer>) =>
  uploadFile(app.baseUrl, agent, name, content);

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function download(agent: TestAgent, url: string) {
  const cookie = cookieOf(agent);
  const response = await fetch(`${app.baseUrl}${url}`, { headers: { cookie } });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

async function paidGuestOrder(email: string) {
  const guest = app.agent();
  await addToCart(guest, { customText: 'VALVE 7' });
  const order = await placeOrder(guest, { email });
  expect((await pay(guest, order.orderId)).status).toBe(200);
  return { guest, order };
}

describe('GET /api/orders/{id} and /api/orders/by-number/{n}', () => {
  it('when its customer asks, then the order comes with its address and dated steps', async () => {
    const byId = await owner.request('GET', `/api/orders/${ownerOrder.orderId}`);
    expect(byId.status, byId.text).toBe(200);
    const detail = orderDetailSchema.parse(byId.body);
    expect(detail.orderNumber).toBe(ownerOrder.orderNumber);
    expect(detail.total).toBe(ownerOrder.total);
    expect(detail.customerInfo.zipCode).toBe('10001');
    expect(detail.items[0]?.productConfig.customText).toBe('PUMP 3');
    expect(detail.history.map((step) => step.status)).toEqual(['pending_payment', 'processing']);
    expect(byId.headers.get('cache-control')).toBe('no-store');

    const byNumber = await owner.request('GET', `/api/orders/by-number/${ownerOrder.orderNumber}`);
    expect(byNumber.status, byNumber.text).toBe(200);
    expect(byNumber.body).toEqual(byId.body);
  });

  it('when another customer, a guest or an admin on the customer route asks, then 404 as for no order', async () => {
    const other = app.agent();
    await register(other);
    const guest = app.agent();
    const admin = app.agent();
    await registerAdmin(admin);
    for (const agent of [other, guest, admin]) {
      for (const path of [
        `/api/orders/${ownerOrder.orderId}`,
        `/api/orders/by-number/${ownerOrder.orderNumber}`,
      ]) {
        const response = await agent.request('GET', path);
        expect(response.status, path).toBe(404);
        expect(response.body).toEqual({ message: 'Order not found' });
      }
    }
    const missing = await owner.request('GET', '/api/orders/by-number/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Order not found' });
  });

  it('when a guest placed the order, then its session reads it and another session does not', async () => {
    const guest = app.agent();
    await addToCart(guest);
    const order = await placeOrder(guest);
    expect((await guest.request('GET', `/api/orders/${order.orderId}`)).status).toBe(200);
    expect((await app.agent().request('GET', `/api/orders/${order.orderId}`)).status).toBe(404);
  });

  it('when a guest link is given, then it opens its own order only, until it expires', async () => {
    const stranger = app.agent();
    const secret = app.config.orderLinkSecret;
    const link = signOrderLink(ownerOrder.orderId, secret);
    const opened = await stranger.request(
      'GET',
      `/api/orders/by-number/${ownerOrder.orderNumber}?access=${link}`,
    );
    expect(opened.status, opened.text).toBe(200);

    const otherCustomer = app.agent();
    await addToCart(otherCustomer);
    const otherOrder = await placeOrder(otherCustomer);
    const wrongOrder = await stranger.request(
      'GET',
      `/api/orders/${otherOrder.orderId}?access=${link}`,
    );
    expect(wrongOrder.status).toBe(404);

    // Signed 30 days and a minute ago: expired a minute ago. 30 days less a minute: still open.
    const day = 24 * 60 * 60 * 1000;
    const expired = signOrderLink(
      ownerOrder.orderId,
      secret,
      new Date(Date.now() - 30 * day - 60_000),
    );
    const fresh = signOrderLink(
      ownerOrder.orderId,
      secret,
      new Date(Date.now() - 30 * day + 60_000),
    );
    expect(
      (await stranger.request('GET', `/api/orders/${ownerOrder.orderId}?access=${expired}`)).status,
    ).toBe(404);
    expect(
      (await stranger.request('GET', `/api/orders/${ownerOrder.orderId}?access=${fresh}`)).status,
    ).toBe(200);

    const forged = signOrderLink(ownerOrder.orderId, 'not-the-shops-secret-at-all-123456');
    expect(
      (await stranger.request('GET', `/api/orders/${ownerOrder.orderId}?access=${forged}`)).status,
    ).toBe(404);
  });
});

describe('POST /api/orders/{id}/reorder', () => {
  it("when the owner orders again, then the lines join the cart at today's prices and a changed price is named", async () => {
    const shopper = app.agent();
    await register(shopper);
    await addToCart(shopper, { customText: 'PUMP 9', quantity: 3 }); // $5.20 a label today
    await addToCart(shopper, { material: 'indoor', mounting: 'no-mounting', quantity: 10 });
    const order = await placeOrder(shopper);
    expect((await pay(shopper, order.orderId)).status).toBe(200);
    // The order was placed when the first line cost $4.80 a label (the price table changed since).
    const stored = await OrderModel.findById(order.orderId).lean();
    await OrderModel.updateOne(
      { _id: order.orderId },
      { $set: { 'items.0.unitCents': 480, 'items.0.totalCents': 1440 } },
    );

    const response = await shopper.request('POST', `/api/orders/${order.orderId}/reorder`);
    expect(response.status, response.text).toBe(200);
    const result = reorderResultSchema.parse(response.body);
    expect(result.added).toBe(2);
    expect(result.priceChanges).toEqual([
      {
        orderLineId: stored!.items[0]!.lineId,
        description: 'Phenolic 3" × 2" label, "PUMP 9"',
        quantity: 3,
        orderedUnitPrice: 4.8,
        unitPrice: 5.2,
      },
    ]);
    expect(result.missingArtwork).toEqual([]);
    expect(result.cart.items.map((item) => [item.productConfig.customText, item.quantity])).toEqual(
      [
        ['PUMP 9', 3],
        ['PUMP 1', 10],
      ],
    );
    expect(result.cart.items[0]?.unitPrice).toBe(5.2);
    expect(result.cart.subtotal).toBe(15.6 + (result.cart.items[1]?.totalPrice ?? NaN));

    const cart = await shopper.request('GET', '/api/cart');
    expect(cart.body.items).toHaveLength(2);
  });

  it('when an artwork file is gone, then its line is added without it and the file is named', async () => {
    const shopper = app.agent();
    const kept = await upload(shopper, 'logo-notes.txt', 'logo artwork notes');
    const gone = await upload(shopper, 'old-drawing.pdf', '%PDF-1.4 old drawing');
    await addToCart(shopper, {
      files: [
        { hashedName: kept, originalName: 'logo-notes.txt' },
        { hashedName: gone, originalName: 'old-drawing.pdf' },
      ],
    });
    const order = await placeOrder(shopper);
    expect((await pay(shopper, order.orderId)).status).toBe(200);
    await rm(path.join(uploadDir, gone));

    const response = await shopper.request('POST', `/api/orders/${order.orderId}/reorder`);
    expect(response.status, response.text).toBe(200);
    const result = reorderResultSchema.parse(response.body);
    expect(result.missingArtwork).toEqual([
      { orderLineId: expect.any(String), originalName: 'old-drawing.pdf' },
    ]);
    expect(result.cart.items[0]?.files).toEqual([
      { hashedName: kept, originalName: 'logo-notes.txt' },
    ]);
  });

  it("when another customer or a guest asks, then 404 and the caller's cart is unchanged", async () => {
    for (const agent of [app.agent(), app.agent()]) {
      if (agent === undefined) continue;
      const response = await agent.request('POST', `/api/orders/${ownerOrder.orderId}/reorder`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Order not found' });
      expect((await agent.request('GET', '/api/cart')).body.items).toEqual([]);
    }
    const other = app.agent();
    await register(other);
    expect((await other.request('POST', `/api/orders/${ownerOrder.orderId}/reorder`)).status).toBe(
      404,
    );
  });

  it("when the guest link's holder orders again, then the lines go into the holder's own cart", async () => {
    const { order } = await paidGuestOrder('holder@example.com');
    const holder = app.agent();
    const link = signOrderLink(order.orderId, app.config.orderLinkSecret);
    const response = await holder.request(
      'POST',
      `/api/orders/${order.orderId}/reorder?access=${link}`,
    );
    expect(response.status, response.text).toBe(200);
    expect((await holder.request('GET', '/api/cart')).body.items).toHaveLength(1);
  });
});

describe('GET /api/orders/{id}/files/{filename}', () => {
  it("when the order's owner or its guest link's holder asks for a line's artwork, then the file; anyone else, or a file not on the order, 404", async () => {
    const buyer = app.agent();
    // A 1 x 1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const logo = await upload(buyer, 'logo.png', new Uint8Array(png));
    const other = await upload(buyer, 'other.txt', `not on the order ${Date.now()}`);
    await addToCart(buyer, { files: [{ hashedName: logo, originalName: 'logo.png' }] });
    const order = await placeOrder(buyer);
    expect((await pay(buyer, order.orderId)).status).toBe(200);
    const path = (name: string) => `/api/orders/${order.orderId}/files/${name}`;

    const owned = await buyer.request('GET', path(logo));
    expect(owned.status).toBe(200);
    expect(owned.headers.get('content-type')).toBe('image/png');
    const link = signOrderLink(order.orderId, app.config.orderLinkSecret);
    const linked = await app.request('GET', `${path(logo)}?access=${link}`, { sessionId: null });
    expect(linked.status).toBe(200);
    expect((await app.agent().request('GET', path(logo))).status).toBe(404);
    expect((await buyer.request('GET', path(other))).status).toBe(404);
  });
});

describe('GET /api/orders/{id}/invoice.pdf', () => {
  it('when the owner asks, then a PDF with the shop, the order number, the total and the payment', async () => {
    const { response, body } = await download(
      owner,
      `/api/orders/${ownerOrder.orderId}/invoice.pdf`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-${ownerOrder.orderNumber}.pdf"`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(body);
    expect(text).toContain('Acme Engraving Co');
    expect(text).toContain('12 Harbor Road, Portland, ME 04101');
    expect(text).toContain(`Invoice number: ${ownerOrder.orderNumber}`);
    expect(text).toContain(formatDollars(ownerOrder.total));
    expect(text).toContain('Sales tax (NY)');
    expect(text).toContain('Paid in full by card');
    expect(text).toContain('Ann Lee');
  });

  it('when the browser asks again with the tag it holds, then 304 and nothing is drawn; once a refund changes the invoice, the same tag gets the new one', async () => {
    const buyer = app.agent();
    await register(buyer);
    await addToCart(buyer, { quantity: 10 });
    const order = await placeOrder(buyer, {}, { skipProof: true });
    expect((await pay(buyer, order.orderId)).status).toBe(200);
    const url = `/api/orders/${order.orderId}/invoice.pdf`;
    const first = await download(buyer, url);
    const tag = first.response.headers.get('etag');
    expect(tag).toMatch(/^W\/"[\w-]+"$/);

    const renders = rendered.length;
    const cookie = cookieOf(buyer);
    // As a browser revalidates its copy (fetch() given If-None-Match alone adds no-cache to it).
    const revalidating = { 'if-none-match': tag!, 'cache-control': 'max-age=0' };
    const again = await fetch(`${app.baseUrl}${url}`, { headers: { cookie, ...revalidating } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect(rendered.length).toBe(renders);
    // Another reader of the same order (an admin) holding the tag is answered the same.
    const admin = app.agent();
    await registerAdmin(admin);
    const asAdmin = await fetch(`${app.baseUrl}${url}`, {
      headers: { cookie: cookieOf(admin), ...revalidating },
    });
    expect(asAdmin.status).toBe(304);
    // Someone who may not read the order learns nothing from a tag: 404, as without one.
    const stranger = await fetch(`${app.baseUrl}${url}`, { headers: revalidating });
    expect(stranger.status).toBe(404);

    const cancelled = await admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
      body: { refundAmount: 5, reason: 'Customer asked' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const refunded = await fetch(`${app.baseUrl}${url}`, { headers: { cookie, ...revalidating } });
    expect(refunded.status).toBe(200);
    expect(refunded.headers.get('etag')).not.toBe(tag);
    expect(await pdfText(Buffer.from(await refunded.arrayBuffer()))).toContain('Refunded');
  });

  it('when the order was cancelled with a part refunded, then the invoice says so and what was paid net', async () => {
    const buyer = app.agent();
    await register(buyer);
    await addToCart(buyer, { quantity: 10 });
    const order = await placeOrder(buyer, {}, { skipProof: true });
    expect((await pay(buyer, order.orderId)).status).toBe(200);
    const admin = app.agent();
    await registerAdmin(admin);
    const cancelled = await admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
      body: { refundAmount: 5, reason: 'Customer asked' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);

    const text = await pdfText(
      (await download(buyer, `/api/orders/${order.orderId}/invoice.pdf`)).body,
    );
    const total = Math.round(order.total * 100);
    expect(text).toContain('Refunded');
    expect(text).toContain(`Net paid`);
    expect(text).toContain(formatDollars((total - 500) / 100));
    expect(text).toContain(
      `This order was cancelled: $5.00 of the ${formatDollars(order.total)} paid was refunded.`,
    );
    expect(text).not.toContain('Paid in full');
  });

  it('when the discount code is a long one, then its row reads on one line and no total is printed over another', async () => {
    const admin = app.agent();
    await registerAdmin(admin);
    // 50 characters, the longest a code may have.
    const code = `SPRING-${Date.now()}_WHOLESALE-THANK-YOU-OFFER`.padEnd(50, 'X');
    const made = await admin.request('POST', '/api/admin/discount-codes', {
      body: { code, type: 'percentage', value: 10 },
    });
    expect(made.status, made.text).toBe(201);
    const buyer = app.agent();
    await register(buyer);
    await addToCart(buyer, { quantity: 10 });
    const applied = await buyer.request('POST', '/api/cart/session', {
      body: { discountCode: code },
    });
    expect(applied.status, applied.text).toBe(200);
    const placed = await placeOrder(buyer, {}, { skipProof: true });
    expect((await pay(buyer, placed.orderId)).status).toBe(200);
    const order = (await OrderModel.findById(placed.orderId).lean())!;

    const lines = (
      await pdfText((await download(buyer, `/api/orders/${placed.orderId}/invoice.pdf`)).body)
    ).split('\n');
    const money = (cents: number) => formatDollars(cents / 100);
    expect(lines).toContain(`Discount (${code}) −${money(order.discountCents)}`);
    expect(lines).toContain(`Shipping ${money(order.shippingCents)}`);
    expect(lines).toContain(`Sales tax (${order.taxRegion}) ${money(order.taxCents)}`);
  });

  it('when the lines fill a page, then the totals, what was paid and the questions line stay together under the last line', async () => {
    const buyer = app.agent();
    await register(buyer);
    await addToCart(buyer, { quantity: 10 });
    const placed = await placeOrder(buyer, {}, { skipProof: true });
    expect((await pay(buyer, placed.orderId)).status).toBe(200);
    const admin = app.agent();
    await registerAdmin(admin);
    const cancelled = await admin.request('POST', `/api/admin/orders/${placed.orderId}/cancel`, {
      body: { refundAmount: 5, reason: 'Customer asked' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const order = (await OrderModel.findById(placed.orderId).lean())!;
    // The order as it is, its line repeated: every count of lines from one page to three.
    for (let count = 1; count <= 30; count++) {
      const items = Array.from({ length: count }, (_, index) => ({
        ...order.items[0]!,
        lineId: `line-${index}`,
        productConfig: { ...order.items[0]!.productConfig, customText: `PUMP ${index + 1}` },
      }));
      const pdf = await invoiceOf({ ...order, items }, app.config.shop, new Map()).pdf();
      const parser = new PDFParse({ data: new Uint8Array(pdf) });
      const pages = (await parser.getText()).pages.map((page) => page.text);
      await parser.destroy();
      const last = pages.at(-1)!;
      const statement = `This order was cancelled: $5.00 of the ${formatDollars(placed.total)} paid was refunded. Paid by card on`;
      expect(last, `${count} lines`).toContain(`Text: PUMP ${count}`);
      expect(last, `${count} lines`).toMatch(/^Subtotal \$/m);
      expect(last.replace(/\s+/g, ' '), `${count} lines`).toContain(statement);
      expect(last, `${count} lines`).toContain('Nothing is due.');
      expect(last, `${count} lines`).toContain('Questions about this invoice');
      for (const page of pages) expect(page, `${count} lines`).toContain('DESCRIPTION');
    }
  });

  it("when a line is a numbered series and another's text was changed on the proof, then the invoice names the series' labels and the text engraved", async () => {
    const buyer = app.agent();
    await register(buyer);
    await addToCart(buyer, {
      customText: 'VALVE {n}',
      quantity: 12,
      series: { start: 1, step: 1, padding: 0 },
    } as never);
    const pump = await addToCart(buyer, { customText: 'MAIN PUMP', quantity: 1 });
    const order = await placeOrder(buyer, {}, { skipProof: false });
    expect((await pay(buyer, order.orderId)).status).toBe(200);
    const admin = app.agent();
    await registerAdmin(admin);
    const form = new FormData();
    form.append('lineId', pump.body.item.id as string);
    form.append('customText', 'MAIN PUMP 1');
    const cookie = cookieOf(admin);
    const revised = await fetch(
      `${app.baseUrl}/api/admin/orders/${order.orderId}/proof/revisions`,
      {
        method: 'POST',
        headers: { 'x-session-id': admin.sessionId, cookie },
        body: form,
      },
    );
    expect(revised.status).toBe(201);

    const text = await pdfText(
      (await download(buyer, `/api/orders/${order.orderId}/invoice.pdf`)).body,
    );
    expect(text).toContain('Series: VALVE 1 to VALVE 12 (12 labels)');
    expect(text).not.toContain('{n}');
    expect(text).toContain('Text: MAIN PUMP 1 (changed on the proof)');
    // The customer's history says the same, with the tax's region.
    const [listed] = (await buyer.request('GET', '/api/orders')).body;
    expect(listed.taxRegion).toBe('NY');
    expect(listed.items.map((item: { engravedText: string | null }) => item.engravedText)).toEqual([
      null,
      'MAIN PUMP 1',
    ]);
  });

  it('when the order runs to hundreds of thousands of dollars, then every quantity and amount stays whole on its line', async () => {
    const buyer = app.agent();
    await register(buyer);
    const big = {
      material: 'uv-resistant',
      width: 9,
      height: 9,
      mounting: 'mounting-holes',
    } as const;
    await addToCart(buyer, { ...big, customText: 'MAIN PUMP', quantity: 10_000 });
    await addToCart(buyer, { ...big, customText: 'SECOND', quantity: 9_999 });
    const order = await placeOrder(buyer);
    expect((await pay(buyer, order.orderId)).status).toBe(200);
    expect(order.total).toBeGreaterThan(100_000);

    const { body } = await download(buyer, `/api/orders/${order.orderId}/invoice.pdf`);
    const lines = (await pdfText(body)).split('\n');
    const saved = await OrderModel.findById(order.orderId).lean();
    const amounts = [
      ...saved!.items.flatMap((item) => [item.unitCents, item.totalCents]),
      saved!.subtotalCents,
      saved!.shippingCents,
      saved!.taxCents,
      saved!.totalCents,
    ].map((cents) => formatDollars(cents / 100));
    for (const whole of ['10,000', '9,999', ...amounts]) {
      expect(
        lines.some((line) => line.includes(whole)),
        `${whole} on one line`,
      ).toBe(true);
    }
  });

  it('when the shop is configured, then the invoice and every email of the order name that one shop, its address, phone and email', async () => {
    const { body } = await download(owner, `/api/orders/${ownerOrder.orderId}/invoice.pdf`);
    const shop = [
      'Acme Engraving Co',
      '12 Harbor Road, Portland, ME 04101',
      '+1 (207) 555-0142',
      'hello@acme-engraving.example',
    ];
    const invoice = await pdfText(body);
    for (const detail of shop) expect(invoice).toContain(detail);
    const mails = await OutboxModel.find({ key: new RegExp(ownerOrder.orderId) }).lean();
    expect(mails.map((mail) => mail.kind)).toEqual(
      expect.arrayContaining(['admin_new_order', 'order_confirmation']),
    );
    // Every message to the customer (the shop's own notice of the order goes to the shop).
    for (const mail of mails.filter((message) => message.kind !== 'admin_new_order')) {
      for (const detail of shop) {
        expect(mail.text).toContain(detail);
        expect(mail.html).toContain(detail.replace(/&/g, '&amp;'));
      }
      expect(`${mail.text} ${mail.html}`).not.toMatch(/Engraved Label Shop|010-0100/);
    }
    expect(app.config.mail.from).toBe('Acme Engraving Co <hello@acme-engraving.example>');
  });

  it('when another customer or a guest asks, then 404; an admin gets it', async () => {
    const other = app.agent();
    await register(other);
    for (const agent of [other, app.agent()]) {
      const { response } = await download(agent, `/api/orders/${ownerOrder.orderId}/invoice.pdf`);
      expect(response.status).toBe(404);
    }
    const admin = app.agent();
    await registerAdmin(admin);
    const { response, body } = await download(
      admin,
      `/api/orders/${ownerOrder.orderId}/invoice.pdf`,
    );
    expect(response.status).toBe(200);
    expect(await pdfText(body)).toContain(`Invoice number: ${ownerOrder.orderNumber}`);
  });

  it('when the order is not paid, then 409 and no invoice', async () => {
    const guest = app.agent();
    await addToCart(guest);
    const unpaid = await placeOrder(guest);
    const response = await guest.request('GET', `/api/orders/${unpaid.orderId}/invoice.pdf`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      'An invoice is issued once the order is paid; this order has not been paid.',
    );
  });

  it("when the guest link's holder asks with the link, then the invoice; an expired link gets 404", async () => {
    const { order } = await paidGuestOrder('invoice@example.com');
    const link = signOrderLink(order.orderId, app.config.orderLinkSecret);
    const holder = app.agent();
    const ok = await download(holder, `/api/orders/${order.orderId}/invoice.pdf?access=${link}`);
    expect(ok.response.status).toBe(200);
    const old = signOrderLink(
      order.orderId,
      app.config.orderLinkSecret,
      new Date(Date.now() - 31 * 24 * 60 * 60 * 1000),
    );
    const expired = await download(
      holder,
      `/api/orders/${order.orderId}/invoice.pdf?access=${old}`,
    );
    expect(expired.response.status).toBe(404);
  });
});

/**
 * What `read` answers once the lookups' mail, sent after their answers, has settled: it first waits
 * for `atLeast` (a length or a number), then reads again after a pause to see nothing more came.
 */
async function settledCount<T extends number | unknown[]>(
  read: () => Promise<T>,
  atLeast: number,
): Promise<T> {
  const size = (value: T) => (typeof value === 'number' ? value : value.length);
  await vi.waitFor(async () => expect(size(await read())).toBeGreaterThanOrEqual(atLeast));
  await new Promise((resolve) => setTimeout(resolve, 200));
  return read();
}

describe('guest links by email', () => {
  it('the confirmation email carries a link that opens that order', async () => {
    const { order } = await paidGuestOrder('confirm@example.com');
    const mail = await OutboxModel.findOne({ key: `order_confirmation:${order.orderId}` }).lean();
    const url = /http:\/\/\S+\/orders\/(\d+)\?access=([^\s"&]+)/.exec(mail!.text);
    expect(url?.[1]).toBe(String(order.orderNumber));
    expect(mail!.text).toContain('the link works for 30 days');
    expect(mail!.html).toContain(`/orders/${order.orderNumber}?access=`);
    const opened = await app
      .agent()
      .request('GET', `/api/orders/by-number/${order.orderNumber}?access=${url![2]}`);
    expect(opened.status).toBe(200);
    expect(opened.body.customerInfo.email).toBe('confirm@example.com');
  });

  it('a lookup answers identically whether or not email and number match, and mails only a match', async () => {
    const { order } = await paidGuestOrder('lookup@example.com');
    const asker = app.agent();
    const lookups = [
      { email: 'LOOKUP@example.com', orderNumber: String(order.orderNumber) },
      { email: 'someone-else@example.com', orderNumber: String(order.orderNumber) },
      { email: 'lookup@example.com', orderNumber: '999999' },
    ];
    const answers = [];
    for (const body of lookups) {
      const response = await asker.request('POST', '/api/orders/lookup', {
        body,
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      answers.push([response.status, response.text]);
    }
    expect(answers).toEqual(
      lookups.map(() => [202, JSON.stringify({ message: ORDER_LOOKUP_MESSAGE })]),
    );
    // The link is mailed after the answer.
    const sent = await settledCount(() => OutboxModel.find({ kind: 'order_link' }).lean(), 1);
    expect(sent.map((mail) => mail.to)).toEqual(['lookup@example.com']);
    const token = /\?access=([^\s"&]+)/.exec(sent[0]!.text)![1];
    const opened = await app.agent().request('GET', `/api/orders/${order.orderId}?access=${token}`);
    expect(opened.status).toBe(200);
  });

  it("links are mailed at most 3 an hour per email from one network and 10 from all, and a stranger's lookups use none of the owner's; lookups are limited per address (10 per 15 minutes)", async () => {
    const { order } = await paidGuestOrder('limit@example.com');
    const lookup = (orderNumber: number, address: string) =>
      app.agent().request('POST', '/api/orders/lookup', {
        body: { email: 'limit@example.com', orderNumber: String(orderNumber) },
        headers: { 'x-forwarded-for': address },
      });
    const linksSent = async () =>
      (await OutboxModel.find({ kind: 'order_link', to: 'limit@example.com' }).lean()).length;
    const strangers = [];
    // A stranger who knows the email but not the order: answered alike, nothing sent, nothing used.
    for (let attempt = 0; attempt < 4; attempt++)
      strangers.push(
        (await lookup(order.orderNumber + 1000 + attempt, `203.0.113.${attempt + 1}`)).status,
      );
    expect(strangers).toEqual([202, 202, 202, 202]);
    expect(await settledCount(linksSent, 0)).toBe(0);

    // Someone who knows the order number too, from one network: the fourth match in the hour
    // answers the same, and sends nothing.
    const matching = [];
    for (let attempt = 0; attempt < 4; attempt++)
      matching.push((await lookup(order.orderNumber, '203.0.113.20')).status);
    expect(matching).toEqual([202, 202, 202, 202]);
    expect(await settledCount(linksSent, 3)).toBe(3);
    // The owner, from their own network, still gets one.
    await lookup(order.orderNumber, '198.51.100.7');
    expect(await settledCount(linksSent, 4)).toBe(4);
    // From every network together, 10 an hour reach the inbox.
    for (const network of ['203.0.113.21', '203.0.113.22', '203.0.113.23'])
      for (let attempt = 0; attempt < 3; attempt++) await lookup(order.orderNumber, network);
    expect(await settledCount(linksSent, 10)).toBe(10);

    const perAddress = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await app.agent().request('POST', '/api/orders/lookup', {
        body: { email: `address${attempt}@example.com`, orderNumber: '1000' },
        headers: { 'x-forwarded-for': '192.0.2.55' },
      });
      perAddress.push(response.status);
    }
    expect(perAddress.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(perAddress[10]).toBe(429);
  });

  it('an order in an account is mailed no lookup link, even to the address it was placed with: after an email change that address reads nothing', async () => {
    const customer = app.agent();
    const placedWith = (await register(customer)).body.email as string;
    await addToCart(customer);
    const order = await placeOrder(customer, { email: placedWith });
    expect((await pay(customer, order.orderId)).status).toBe(200);
    const moved = await customer.request('POST', '/api/account/email', {
      body: { email: uniqueEmail('moved'), currentPassword: PASSWORD },
    });
    expect(moved.status, moved.text).toBe(200);
    const lookup = await app.agent().request('POST', '/api/orders/lookup', {
      body: { email: placedWith, orderNumber: String(order.orderNumber) },
      headers: { 'x-forwarded-for': '198.51.100.91' },
    });
    expect(lookup.status).toBe(202);
    // A guest order looked up after it is mailed its link; the account's order never was.
    const { order: guest } = await paidGuestOrder('after-move@example.com');
    await app.agent().request('POST', '/api/orders/lookup', {
      body: { email: 'after-move@example.com', orderNumber: String(guest.orderNumber) },
      headers: { 'x-forwarded-for': '198.51.100.92' },
    });
    await settledCount(
      () => OutboxModel.find({ kind: 'order_link', to: 'after-move@example.com' }).lean(),
      1,
    );
    expect(await OutboxModel.countDocuments({ kind: 'order_link', to: placedWith })).toBe(0);
  });

  it('a lookup with a malformed email or number is a 400 naming the field', async () => {
    const response = await app.agent().request('POST', '/api/orders/lookup', {
      body: { email: 'not-an-email', orderNumber: 'abc' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'email',
      'orderNumber',
    ]);
  });
});
