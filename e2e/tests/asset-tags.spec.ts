import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  codeShapesInPdf,
  decodeCodesInPdf,
  decodeImage,
  rasterize,
} from '../../api/test/support/code-reading.ts';
import { screenshots } from '../support/screenshots';
import { adminPage, post, signedInCustomer } from '../support/shop-api';
import { SAMPLE_CUSTOMER_INFO } from '../../contracts/src/testing.ts';

// Asset tags (issue 31): a numbered series with a QR code and with a Code 128 from the configurator
// to an approved proof whose codes read back; a 2,000-row CSV with three bad rows, fixed and
// ordered; "Order again" continuing the series.

const signedInShopper = (page: Page) => signedInCustomer(page, 'tags');

/** The session's cart ordered and paid through the API (the sandbox card), awaiting its proof. */
async function orderCart(page: Page, sessionId: string, email: string) {
  const order = (await post(page.request, sessionId, '/api/orders', {
    customerInfo: { ...SAMPLE_CUSTOMER_INFO, email },
  })) as { orderId: string; orderNumber: number };
  await post(page.request, sessionId, '/api/payment/complete', {
    orderId: order.orderId,
    paymentId: 'cnon:card-nonce-ok',
    customerName: 'Ada Lovelace',
    customerEmail: email,
    customerPhone: null,
    customerCompany: null,
    customerAddress: null,
    customerZipCode: null,
  });
  return order;
}

async function openConfigurator(page: Page) {
  await page.goto('/products');
  const configurator = page.locator('[data-remote="configurator"]');
  await configurator.getByText('Phenolic', { exact: true }).click();
  await configurator.getByLabel('Width (inches)').fill('3');
  await configurator.getByLabel('Height (inches)').fill('1.5');
  return configurator;
}

test("a 500-label series with a QR code and one with a Code 128, to an approved proof whose codes read back and the engraver's files; Order again continues it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { sessionId, email } = await signedInShopper(page);
  const configurator = await openConfigurator(page);

  await configurator.getByLabel('Text to engrave').fill('PUMP');
  await configurator.getByText('Numbered series', { exact: true }).click();
  await expect(configurator.getByLabel('Text to engrave')).toHaveValue('PUMP {n}');
  await configurator.getByLabel('First number').fill('1501');
  await configurator.getByRole('textbox', { name: 'Quantity' }).fill('500');
  await configurator.getByLabel('Code', { exact: true }).selectOption('qrcode');
  await configurator.getByLabel('Placement').selectOption('beside');
  await configurator.getByLabel('The code encodes').fill('https://assets.example.com/t/{n}');

  // The preview draws the first label, the last, and any one picked; the code drawn by bwip-js.
  const preview = configurator.getByTestId('label-preview');
  await expect(preview).toHaveAttribute('aria-label', /^Preview: PUMP 1501, with a code/);
  await expect(configurator.getByTestId('label-preview-code')).toHaveAttribute(
    'data-state',
    'shown',
  );
  await configurator.getByRole('button', { name: 'Last' }).click();
  await expect(preview).toHaveAttribute('aria-label', /^Preview: PUMP 2000,/);
  await expect(configurator.getByTestId('preview-code-value')).toHaveText(
    'Code: https://assets.example.com/t/2000',
  );
  const picker = configurator.getByTestId('label-picker');
  await picker.getByLabel('Label', { exact: true }).fill('250');
  await picker.getByLabel('Label', { exact: true }).press('Enter');
  await expect(preview).toHaveAttribute('aria-label', /^Preview: PUMP 1750,/);
  await expect(configurator.getByTestId('summary-series')).toHaveText('PUMP 1501 to PUMP 2000');
  await screenshots(page, 'asset-tags', 'configurator-series-qr');

  // The price is the server's, for the whole series.
  const priced = await post(page.request, sessionId, '/api/calculate-price', {
    material: 'phenolic',
    width: 3,
    height: 1.5,
    color: 'black-white',
    mounting: 'no-mounting',
    customText: 'PUMP {n}',
    quantity: 500,
    files: [],
    series: { start: 1501, step: 1, padding: 0 },
    code: { type: 'qrcode', placement: 'beside', value: 'https://assets.example.com/t/{n}' },
  });
  await expect(configurator.getByTestId('total-price')).toHaveText(
    `$${priced.total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  await configurator.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByTestId('toast').getByText('Your custom sign has been added to the cart.'),
  ).toBeVisible();

  // The same series again, with a Code 128 under the text.
  await configurator.getByLabel('Code', { exact: true }).selectOption('code128');
  await configurator.getByLabel('Placement').selectOption('below');
  await configurator.getByLabel('The code encodes').fill('{n}');
  await expect(configurator.getByTestId('label-preview-code')).toHaveAttribute(
    'data-state',
    'shown',
  );
  await configurator.getByRole('button', { name: 'Add to Cart' }).click();
  await expect
    .poll(async () => {
      const cart = await page.request.get('/api/cart', { headers: { 'x-session-id': sessionId } });
      return (await cart.json()).items.length;
    })
    .toBe(2);

  await page.goto('/cart');
  await expect(page.getByTestId('cart-item-series').first()).toHaveText(
    'PUMP 1501 to PUMP 2000 (500 labels)',
  );
  await screenshots(page, 'asset-tags', 'cart-series');

  const order = await orderCart(page, sessionId, email);
  const placed = await page.request.get(`/api/orders/${order.orderId}`, {
    headers: { 'x-session-id': sessionId },
  });
  const items = (await placed.json()).items as Array<{
    id: string;
    productConfig: { code: { type: 'qrcode' | 'code128' } };
  }>;
  const numbers = Array.from({ length: 500 }, (_, index) => String(1501 + index));
  for (const item of items) {
    const pdf = await page.request.get(`/api/orders/${order.orderId}/items/${item.id}/proof.pdf`, {
      headers: { 'x-session-id': sessionId },
    });
    expect(pdf.status()).toBe(200);
    const type = item.productConfig.code.type;
    const read = decodeCodesInPdf(type, await pdf.body());
    const expected =
      type === 'qrcode' ? numbers.map((n) => `https://assets.example.com/t/${n}`) : numbers;
    // The first label at actual size, then the first, a sample and the last.
    expect(read.length, type).toBeGreaterThanOrEqual(3);
    expect(read[0]).toBe(expected[0]);
    expect(read.at(-1)).toBe(expected[499]);
    expect(
      read.every((value) => expected.includes(value)),
      read.join(' '),
    ).toBe(true);
  }

  // The shopper approves the series as a whole.
  await page.goto(`/orders/${order.orderNumber}`);
  await expect(page.getByTestId('order-line-series').first()).toHaveText(
    'PUMP 1501 to PUMP 2000 (500 labels)',
  );
  // Each line is drawn as the configurator draws it: its first label, the code drawn by bwip-js
  // (not only its place outlined).
  const lines = page.getByTestId('order-line');
  await expect(lines).toHaveCount(2);
  for (const line of await lines.all()) {
    const code = line.getByTestId('label-preview-code');
    await expect(code).toHaveAttribute('data-state', 'shown');
    await expect(code.locator('path')).toHaveCount(1);
  }
  await screenshots(page, 'asset-tags', 'order-page-series');
  const proof = page.getByRole('region', { name: 'Proof' });
  await proof.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
  await expect(proof.getByRole('form', { name: 'Approve both proofs' })).toBeVisible();
  await proof.getByRole('button', { name: 'Approve both proofs' }).click();
  await expect(proof.getByRole('status')).toContainText('Approved by Ada Lovelace');

  // The approved series goes to production: the admin reads its range on the order and downloads
  // the engraver's files from it (every label on sheets, and the CSV of values).
  const admin = await adminPage(browser, baseURL!);
  await admin.getByRole('tab', { name: 'Orders' }).click();
  await admin.getByLabel('Search').fill(String(order.orderNumber));
  await admin.getByRole('button', { name: `View order ${order.orderNumber}` }).click();
  const details = admin.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  await expect(details.getByText('Series: PUMP 1501 to PUMP 2000 (500 labels)')).toHaveCount(2);
  await expect(
    details.getByText(/^Label 1: template “PUMP \{n\}” · PUMP 1501 to PUMP 2000/),
  ).toBeVisible();
  const firstLine = details.getByRole('listitem', { name: 'Line 1' });
  const [csv] = await Promise.all([
    admin.waitForEvent('download'),
    firstLine.getByRole('link', { name: "Engraver's CSV" }).click(),
  ]);
  const rows = (await readFile((await csv.path())!, 'utf8')).trim().split('\r\n');
  expect(rows).toHaveLength(501);
  expect(rows[1]).toContain('"PUMP 1501"');
  const [sheets] = await Promise.all([
    admin.waitForEvent('download', { timeout: 90_000 }),
    firstLine.getByRole('button', { name: 'Labels on sheets (PDF)' }).click(),
  ]);
  expect(sheets.suggestedFilename()).toBe(`production-${order.orderNumber}-1-sheets.pdf`);
  // Every label's code is in the file; the last one read back (the API tests read them all).
  const sheetCodes = codeShapesInPdf(await readFile((await sheets.path())!));
  expect(sheetCodes).toHaveLength(500);
  expect(decodeImage('qrcode', rasterize(sheetCodes.at(-1)!))).toBe(
    'https://assets.example.com/t/2000',
  );
  await details.getByRole('heading', { name: 'Production files' }).scrollIntoViewIfNeeded();
  await screenshots(admin, 'asset-tags', 'admin-production-files');
  await admin.context().close();

  // Order again: continue the series after the highest number ordered.
  await page.getByRole('button', { name: `Order again: order #${order.orderNumber}` }).click();
  const choices = page.getByRole('group', { name: /numbered series/ });
  await expect(choices.getByTestId('reorder-series').first()).toContainText(
    'Continue: PUMP 2001 to PUMP 2500',
  );
  await screenshots(page, 'asset-tags', 'order-again-series');
  await choices.getByRole('button', { name: 'Continue the series' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-item-series').first()).toHaveText(
    'PUMP 2001 to PUMP 2500 (500 labels)',
  );
});

test('the code drawing (bwip-js) is downloaded once when the shopper goes from the configurator to an order page in one visit', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { sessionId, email } = await signedInShopper(page);
  await post(page.request, sessionId, '/api/cart', {
    material: 'phenolic',
    width: 3,
    height: 1.5,
    color: 'black-white',
    mounting: 'no-mounting',
    customText: 'FAN {n}',
    quantity: 3,
    files: [],
    series: { start: 1, step: 1, padding: 0 },
    code: { type: 'qrcode', placement: 'beside', value: 'FAN-{n}' },
  });
  const order = await orderCart(page, sessionId, email);
  // Each copy of bwip-js that is downloaded, by its address (a message only bwip-js's code holds).
  const drawings = new Set<string>();
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    if (body.includes('bwip-js: bar code text not specified.')) drawings.add(response.url());
  });

  // The configurator draws a code: its remote loads the drawing.
  const configurator = await openConfigurator(page);
  await configurator.getByLabel('Text to engrave').fill('FAN');
  await configurator.getByLabel('Code', { exact: true }).selectOption('qrcode');
  await configurator.getByLabel('The code encodes').fill('FAN-1');
  await expect(configurator.getByTestId('label-preview-code')).toHaveAttribute(
    'data-state',
    'shown',
  );
  expect(drawings.size).toBe(1);

  // Then, without leaving the page, the order history and the order: the account's remote draws
  // the order's code with the drawing already loaded.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Order history' }).click();
  await page.getByRole('link', { name: `Order #${order.orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.orderNumber}$`));
  await expect(page.getByTestId('order-line').getByTestId('label-preview-code')).toHaveAttribute(
    'data-state',
    'shown',
  );
  expect(drawings.size).toBe(1);
});

const HEADER = 'Tag,Name,Location';
function valveSheet(bad: boolean) {
  const rows = Array.from({ length: 2000 }, (_, index) => {
    const row = index + 2;
    let tag = `V-${1000 + index}`;
    let name = `Valve ${index + 1}`;
    if (bad && row === 12) tag = 'V-1010É';
    if (bad && row === 502) tag = 'V-1000';
    if (bad && row === 1999) name = 'X'.repeat(180);
    return `${tag},${name},Hall ${(index % 4) + 1}`;
  });
  return Buffer.from(`${HEADER}\n${rows.join('\n')}\n`, 'utf8');
}

test('a 2,000-row CSV with three bad rows lists them by row, is fixed, previewed and ordered', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { sessionId, email } = await signedInShopper(page);
  const configurator = await openConfigurator(page);
  await configurator.getByText('One per spreadsheet row', { exact: true }).click();
  await configurator.getByLabel('Code', { exact: true }).selectOption('code128');
  await configurator.getByLabel('Placement').selectOption('below');
  await configurator
    .getByTestId('sheet-file')
    .setInputFiles({ name: 'valves.csv', mimeType: 'text/csv', buffer: valveSheet(true) });
  const sheet = configurator.getByTestId('sheet-fields');
  await expect(sheet).toContainText('valves.csv: 2,000 rows, one label each');
  await sheet.getByLabel('B: Name').check();
  await sheet.getByLabel('Column the code encodes').selectOption({ label: 'A: Tag' });

  const errors = configurator.getByTestId('sheet-errors');
  await expect(errors).toContainText('3 rows need fixing');
  const listed = await errors.getByRole('listitem').allTextContents();
  expect(listed.map((line) => /^Row (\d+):/.exec(line)?.[1])).toEqual(['12', '502', '1999']);
  expect(listed[1]).toContain('is also in row 2');
  await screenshots(page, 'asset-tags', 'configurator-sheet-errors');

  // Nothing reaches the cart while a row is wrong.
  await configurator.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    configurator.getByText('Correct the rows listed and upload the file again.').first(),
  ).toBeVisible();
  const cart = await page.request.get('/api/cart', { headers: { 'x-session-id': sessionId } });
  expect((await cart.json()).items).toHaveLength(0);

  // The corrected file keeps the columns chosen; the preview pages to row 1,999.
  const started = Date.now();
  await configurator
    .getByTestId('sheet-file')
    .setInputFiles({ name: 'valves-fixed.csv', mimeType: 'text/csv', buffer: valveSheet(false) });
  const picker = configurator.getByTestId('label-picker');
  await expect(sheet).toContainText('valves-fixed.csv: 2,000 rows');
  await picker.getByLabel('Row', { exact: true }).fill('1999');
  await picker.getByLabel('Row', { exact: true }).press('Enter');
  await expect(configurator.getByTestId('label-preview')).toHaveAttribute(
    'aria-label',
    /^Preview: V-2997\nValve 1998, with a code/,
  );
  console.log(
    `asset-tags: upload of 2,000 rows to the preview of row 1,999: ${Date.now() - started} ms`,
  );
  await expect(configurator.getByTestId('preview-code-value')).toHaveText('Code: V-2997');
  await expect(configurator.getByTestId('sheet-ready')).toContainText(
    'All 2,000 rows fit the label',
  );
  await screenshots(page, 'asset-tags', 'configurator-sheet-row-1999');

  await configurator.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByTestId('toast').getByText('Your custom sign has been added to the cart.'),
  ).toBeVisible();
  const order = await orderCart(page, sessionId, email);
  const placed = await (
    await page.request.get(`/api/orders/${order.orderId}`, {
      headers: { 'x-session-id': sessionId },
    })
  ).json();
  expect(placed.items[0].quantity).toBe(2000);
  expect(placed.items[0].productConfig.rows).toMatchObject({
    textColumns: [0, 1],
    codeColumn: 0,
    originalName: 'valves-fixed.csv',
    firstLabel: { text: 'V-1000\nValve 1', codeValue: 'V-1000' },
  });

  // The order page draws the line as its first row, its code drawn by the account's remote.
  await page.goto(`/orders/${order.orderNumber}`);
  const line = page.getByTestId('order-line');
  await expect(line.getByTestId('label-preview')).toHaveAttribute(
    'aria-label',
    /^Preview: V-1000\nValve 1, with a code/,
  );
  await expect(line.getByTestId('label-preview-code')).toHaveAttribute('data-state', 'shown');
});
