import { expect, test, type Locator } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { sidewaysOverflow, sizeLines } from '../support/layout';
import { DESKTOP, PHONE, screenshots } from '../support/screenshots';
import {
  adminPage,
  outboxMessages,
  paidOrder,
  post,
  sessionIdOf,
  signedInCustomer,
  unique,
} from '../support/shop-api';

// One order's page: a customer opens it from the history, downloads the invoice and orders it again
// (landing on the cart); a guest finds an order through /orders/lookup and the emailed link.

const LABEL = {
  material: 'phenolic',
  width: 3,
  height: 2,
  color: 'yellow-black',
  mounting: 'mounting-holes',
  customText: 'PUMP 3\nDANGER',
  quantity: 4,
  files: [],
};

const CUSTOMER = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '312 555 0100',
  company: 'Analytical Engines',
  street: '120 Main St',
  city: 'Albany',
  state: 'NY',
  zipCode: '12207',
};

/** The Summary's rule above Total: drawn by its label and its amount, and the gap between them. */
async function ruleAboveTotal(view: Locator) {
  return view
    .getByRole('region', { name: 'Summary' })
    .locator('.total')
    .evaluateAll((cells) => {
      const drawn = cells.filter((cell) => getComputedStyle(cell).borderTopStyle !== 'none');
      const [label, amount] = drawn.map((cell) => cell.getBoundingClientRect());
      return {
        pieces: drawn.length,
        gapPx: label && amount ? Math.round(amount.left - label.right) : null,
      };
    });
}

test('a customer opens an order from the history, downloads its invoice and orders it again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { sessionId, email } = await signedInCustomer(page, 'orders');
  const order = await paidOrder(page, sessionId, {
    label: LABEL,
    customerInfo: { ...CUSTOMER, email },
    // These tests are about the order page, not the proof step: the order goes straight to processing.
    skipProof: true,
  });

  await page.goto('/orders');
  await page.getByRole('link', { name: `Order #${order.orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.orderNumber}$`));
  const view = page.locator('[data-remote="account"]');
  await expect(
    view.getByRole('heading', { level: 1, name: `Order #${order.orderNumber}` }),
  ).toBeVisible({
    timeout: 15_000,
  });
  const line = view.getByTestId('order-line');
  await expect(line.getByTestId('label-preview-text')).toContainText('PUMP 3');
  await expect(line.getByTestId('label-preview-plate')).toHaveAttribute('fill', '#facc15');
  await expect(view.getByTestId('order-total')).toHaveText(`$${order.total.toFixed(2)}`);
  await expect(view.getByRole('list', { name: 'Order progress' })).toContainText('Processing');
  await expect(view.getByText('Tax (NY)')).toBeVisible();
  await screenshots(page, 'order-page', 'order-page');
  // The rule above Total is one line under both columns, on a phone and a desktop.
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    expect(await ruleAboveTotal(view)).toEqual({ pieces: 2, gapPx: 0 });
  }

  const downloading = page.waitForEvent('download');
  await view.getByRole('link', { name: /Download invoice/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-${order.orderNumber}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  await view.getByRole('button', { name: `Order again: order #${order.orderNumber}` }).click();
  await expect(page).toHaveURL(/\/cart$/, { timeout: 15_000 });
  const notice = page.getByTestId('reorder-notice');
  await expect(notice).toContainText(`1 line from order #${order.orderNumber} added to your cart`);
  await expect(notice).toContainText('Prices are the same as when you ordered.');
  const cart = await page.request.get('/api/cart', { headers: { 'x-session-id': sessionId } });
  const items = ((await cart.json()) as { items: Array<{ quantity: number }> }).items;
  expect(items.map((item) => item.quantity)).toEqual([4]);
});

test('a guest finds an order through /orders/lookup and the link emailed to them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `${unique('guest')}@example.com`;
  const sessionId = await sessionIdOf(page);
  const order = await paidOrder(page, sessionId, {
    label: LABEL,
    customerInfo: { ...CUSTOMER, email },
    // These tests are about the order page, not the proof step: the order goes straight to processing.
    skipProof: true,
  });

  // In the browser that placed it, the guest downloads the invoice (a link sends no session: it
  // carries the order's access).
  await page.goto(`/orders/${order.orderNumber}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download invoice/ }).click();
  const pdf = await readFile((await (await downloading).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Another browser: no session of the order, no account.
  const context = await browser.newContext({ baseURL });
  const guest = await context.newPage();
  await guest.goto(`/orders/${order.orderNumber}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Is this your order?' })).toBeVisible({
    timeout: 15_000,
  });
  await guest.getByRole('link', { name: 'Find a guest order' }).click();
  await expect(guest).toHaveURL(/\/orders\/lookup$/);
  const lookup = guest.locator('[data-remote="account"]');
  await expect(lookup.getByRole('heading', { level: 1, name: 'Find your order' })).toBeVisible();
  await screenshots(guest, 'order-page', 'order-lookup');
  await lookup.getByLabel('Email address').fill(email);
  await lookup.getByLabel('Order number').fill(String(order.orderNumber));
  await lookup.getByRole('button', { name: 'Email me the link' }).click();
  await expect(lookup.getByRole('status')).toContainText('Check your email');

  // The outbox, read as an admin reads it.
  const messages = await outboxMessages(browser, baseURL!);
  const mail = messages.find((message) => message.kind === 'order_link' && message.to === email);
  expect(mail, 'the order link email').toBeTruthy();
  const link = /https?:\/\/\S+\/orders\/\d+\?access=\S+/.exec(mail!.text)![0];
  const url = new URL(link);

  await guest.goto(`${url.pathname}${url.search}`);
  const view = guest.locator('[data-remote="account"]');
  await expect(
    view.getByRole('heading', { level: 1, name: `Order #${order.orderNumber}` }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(view.getByText('120 Main St')).toBeVisible();
  await expect(view.getByRole('link', { name: /Download invoice/ })).toHaveAttribute(
    'href',
    new RegExp(`/api/orders/${order.orderId}/invoice\\.pdf\\?access=`),
  );
  await context.close();
});

test('on a 320 px phone, a six-figure line and a series of web addresses stay within the screen in the history and on the order page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { sessionId, email } = await signedInCustomer(page, 'wide');
  const order = await paidOrder(page, sessionId, {
    label: {
      material: 'uv-resistant',
      width: 9,
      height: 9,
      color: 'orange-black',
      mounting: 'adhesive',
      customText: 'HIGH VOLTAGE',
      quantity: 10_000,
      files: [],
      series: { start: 100_000_001, step: 1, padding: 0 },
      code: { type: 'qrcode', placement: 'beside', value: 'https://assets.example.com/t/{n}' },
    },
    customerInfo: { ...CUSTOMER, email },
  });
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/orders');
    await expect(
      page
        .getByTestId('order-card')
        .getByText(/^\$[\d,]{7}\.\d\d$/)
        .first(),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect
      .poll(() => sidewaysOverflow(page), { message: `history at ${width} px` })
      .toEqual([]);
    await page.goto(`/orders/${order.orderNumber}`);
    await expect(page.getByRole('heading', { name: /^Proof/ }).first()).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.locator('figcaption').first()).toContainText('https://assets.example.com');
    await expect
      .poll(() => sidewaysOverflow(page), { message: `order at ${width} px` })
      .toEqual([]);
  }
});

test("a long discount code wraps in its label and keeps the order's amounts on a phone's screen: the order page, the history and the admin's order", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await adminPage(browser, baseURL!);
  const adminSession = await admin.evaluate(() => localStorage.getItem('guest-session-id'));
  // 50 characters in one word, the longest code there may be.
  const code = `WELCOMEBACK${Date.now()}`.padEnd(50, 'W');
  await post(admin.request, adminSession!, '/api/admin/discount-codes', {
    code,
    type: 'percentage',
    value: 10,
  });
  const { sessionId, email } = await signedInCustomer(page, 'long-code');
  await post(page.request, sessionId, '/api/cart', LABEL);
  await post(page.request, sessionId, '/api/cart/session', { discountCode: code });
  const order = (await post(page.request, sessionId, '/api/orders', {
    customerInfo: { ...CUSTOMER, email },
    skipProof: true,
  })) as { orderId: string; orderNumber: number; total: number };
  await post(page.request, sessionId, '/api/payment/complete', {
    orderId: order.orderId,
    paymentId: 'cnon:card-nonce-ok',
    customerName: `${CUSTOMER.firstName} ${CUSTOMER.lastName}`,
    customerEmail: email,
    customerPhone: null,
    customerCompany: null,
    customerAddress: null,
    customerZipCode: null,
  });
  const total = `$${order.total.toFixed(2)}`;
  /** The amount is shown whole inside the screen (or the dialog over it). */
  const onScreen = async (amount: Locator) => {
    await expect(amount).toHaveText(total);
    const box = (await amount.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  };

  await page.setViewportSize(PHONE);
  await page.goto(`/orders/${order.orderNumber}`);
  const view = page.locator('[data-remote="account"]');
  await expect(view.getByText(`Discount (${code})`)).toBeVisible({ timeout: 15_000 });
  await onScreen(view.getByTestId('order-total'));
  await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
  await screenshots(page, 'order-page', 'long-discount-code');

  await page.setViewportSize(PHONE);
  await page.goto('/orders');
  const card = page.getByLabel(`Totals for order ${order.orderNumber}`);
  await expect(card.getByText(`Discount (${code})`)).toBeVisible({ timeout: 15_000 });
  await onScreen(card.getByTestId('order-total'));
  await expect.poll(() => sidewaysOverflow(page)).toEqual([]);

  await admin.setViewportSize(PHONE);
  await admin.getByRole('tab', { name: 'Orders' }).click();
  await admin.getByRole('searchbox', { name: 'Search' }).fill(String(order.orderNumber));
  await admin.getByRole('button', { name: `View order ${order.orderNumber}` }).click();
  const details = admin.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  await expect(details.getByText(`Discount (${code})`)).toBeVisible();
  await onScreen(details.getByTestId('order-total'));
  await admin.context().close();
});

/** The space between the bottom of `above` and the top of `below`, in whole pixels. */
async function spaceBetween(above: Locator, below: Locator) {
  const [top, bottom] = [(await above.boundingBox())!, (await below.boundingBox())!];
  return Math.round(bottom.y - (top.y + top.height));
}

test('the proof keeps the same space from Order again and from the label designs as the other blocks of the order page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { sessionId, email } = await signedInCustomer(page, 'spacing');
  const order = await paidOrder(page, sessionId, {
    label: LABEL,
    customerInfo: { ...CUSTOMER, email },
  });
  const view = page.locator('[data-remote="account"]');
  const proof = view.getByRole('region', { name: 'Proof' });
  const orderAgain = view.getByRole('button', { name: `Order again: order #${order.orderNumber}` });
  // The last of the order's actions (under Order again on a phone, beside it from medium screens).
  const invoice = view.getByRole('link', { name: /Download invoice/ });
  const designs = view.getByRole('region', { name: '1 label design' });

  // Waiting for the answer, the proof leads and Order again follows it.
  await page.goto(`/orders/${order.orderNumber}`);
  await expect(proof.getByRole('button', { name: 'Approve the proof' })).toBeVisible({
    timeout: 15_000,
  });
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const blocks = await spaceBetween(invoice, designs);
    expect(blocks).toBeGreaterThan(0);
    expect(await spaceBetween(proof, orderAgain), `at ${viewport.width} px`).toBe(blocks);
  }

  // Approved, Order again leads and the label designs follow the proof.
  await proof.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
  await proof.getByRole('button', { name: 'Approve the proof' }).click();
  await expect(proof.getByRole('status')).toContainText('Approved by Ada Lovelace');
  await page.reload();
  await expect(proof.getByRole('status')).toContainText('Approved by Ada Lovelace', {
    timeout: 15_000,
  });
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const blocks = await spaceBetween(invoice, proof);
    expect(blocks).toBeGreaterThan(0);
    expect(await spaceBetween(proof, designs), `at ${viewport.width} px`).toBe(blocks);
  }
  await screenshots(page, 'order-page', 'approved-proof');
});

test("on a phone, a line's size (3″ × 1″) is never broken across lines in the history or on the order page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { sessionId, email } = await signedInCustomer(page, 'sizes');
  const label = { ...LABEL, width: 3, height: 1, color: 'red-white' };
  await post(page.request, sessionId, '/api/cart', {
    ...label,
    customText: 'PUMP 1',
    quantity: 30,
  });
  const order = await paidOrder(page, sessionId, {
    label: { ...label, customText: 'DANGER\n480 VOLTS', quantity: 3 },
    customerInfo: { ...CUSTOMER, email },
  });
  await page.setViewportSize(PHONE);
  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order #${order.orderNumber}` });
  await expect(card).toBeVisible({ timeout: 15_000 });
  for (let width = 320; width <= 430; width += 5) {
    await page.setViewportSize({ width, height: 800 });
    expect(await sizeLines(card.locator('.name')), `history at ${width} px`).toEqual([1, 1]);
  }
  await page.goto(`/orders/${order.orderNumber}`);
  const names = page
    .getByRole('region', { name: '2 label designs' })
    .getByRole('heading', { level: 3 });
  await expect(names).toHaveCount(2, { timeout: 15_000 });
  for (let width = 320; width <= 430; width += 5) {
    await page.setViewportSize({ width, height: 800 });
    expect(await sizeLines(names), `order page at ${width} px`).toEqual([1, 1]);
  }
});
