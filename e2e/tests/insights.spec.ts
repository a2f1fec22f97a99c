import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { adminPage, paidOrder, sessionIdOf, unique } from '../support/shop-api';
import { sidewaysOverflow } from '../support/layout';
import { DESKTOP, PHONE, screenshot } from '../support/screenshots';

// The admin's Dashboard and Exports (docs/product.md section 11) in the browser: a paid order shows
// in today's revenue and its refund takes it out; a turnover in the millions keeps each key figure on
// one line in its tile at every width; an export of the orders downloads a CSV with the right rows
// and no cell a spreadsheet would run, and one of the payments and refunds the day's charge.
// Screenshots at 375 and 1280 px go to test-results/screenshots/insights, to look at.

const LABEL = {
  material: 'phenolic',
  width: 3,
  height: 2,
  color: 'black-white',
  mounting: 'adhesive',
  customText: 'PUMP 7',
  quantity: 10,
  files: [],
};

function customer(firstName: string) {
  return {
    firstName,
    lastName: 'Insight',
    email: `${unique('insight')}@example.com`,
    phone: '555-0100',
    company: 'Acme Pumps',
    street: '12 Main St',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60601',
  };
}

/** The dollars a key figure of the dashboard shows ("Revenue" -> 1234.5). */
async function figure(page: Page, name: string): Promise<number> {
  const tile = page
    .getByLabel('Key figures')
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${name}$`) }) });
  const text = await tile.getByRole('definition').first().innerText();
  return Number(text.replace(/[$,]/g, ''));
}

async function openToday(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Dashboard', selected: true })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('img', { name: /Revenue by hour today/ })).toBeVisible();
  await expect(page.getByText(/updating…/)).toHaveCount(0);
}

test('a paid order shows in today’s revenue on the Dashboard, and its refund takes it out', async ({
  browser,
  baseURL,
}) => {
  const admin = await adminPage(browser, baseURL!);
  await openToday(admin);
  const before = await figure(admin, 'Revenue');
  const ordersBefore = await figure(admin, 'Orders');

  const shopperContext = await browser.newContext({ baseURL });
  const shopper = await shopperContext.newPage();
  const order = await paidOrder(shopper, await sessionIdOf(shopper), {
    label: LABEL,
    customerInfo: customer('Dana'),
    skipProof: true,
  });
  await shopperContext.close();

  await openToday(admin);
  expect(await figure(admin, 'Revenue')).toBeCloseTo(before + order.total, 2);
  expect(await figure(admin, 'Orders')).toBe(ordersBefore + 1);

  const sessionId = await admin.evaluate(() => localStorage.getItem('guest-session-id'));
  const cancelled = await admin.request.post(`/api/admin/orders/${order.orderId}/cancel`, {
    data: { refundAmount: order.total, reason: 'Changed their mind' },
    headers: { 'x-session-id': sessionId! },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await openToday(admin);
  expect(await figure(admin, 'Revenue')).toBeCloseTo(before, 2);
  // Still an order of today (cancelled), its money refunded.
  expect(await figure(admin, 'Orders')).toBe(ordersBefore + 1);

  for (const viewport of [PHONE, DESKTOP]) {
    await admin.setViewportSize(viewport);
    await admin.getByRole('button', { name: '30 days' }).click();
    await expect(admin.getByRole('img', { name: /Revenue by day/ })).toBeVisible();
    await expect(admin.getByText(/updating…/)).toHaveCount(0);
    await expect
      .poll(() => sidewaysOverflow(admin), { message: `at ${viewport.width}px` })
      .toEqual([]);
    // Every card's numbers fit the card: none hides a column in a box scrolled sideways.
    for (const numbers of await admin.locator('summary', { hasText: ': the numbers' }).all()) {
      await numbers.click();
      const table = admin.getByRole('region', { name: (await numbers.textContent())! });
      expect(
        await table.evaluate((box) => box.scrollWidth - box.clientWidth),
        `${await numbers.textContent()} at ${viewport.width}px`,
      ).toBeLessThanOrEqual(0);
      await numbers.click();
    }
    await screenshot(admin, 'insights', 'dashboard');
  }
  await admin.context().close();
});

/**
 * The key figures that are not on one line inside their tile, as "name: text (lines, px too wide)":
 * a figure broken across lines ("$11,538." above "94") or running out of its tile.
 */
async function brokenFigures(page: Page): Promise<string[]> {
  return page.getByLabel('Key figures').evaluate((tiles) =>
    [...tiles.querySelectorAll(':scope > div')].flatMap((tile) => {
      const name = tile.querySelector('dt')?.textContent ?? '';
      const value = tile.querySelector('dd')!;
      const range = document.createRange();
      range.selectNodeContents(value);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      const tooWide = Math.ceil(
        range.getBoundingClientRect().right - value.getBoundingClientRect().right,
      );
      return lines > 1 || tooWide > 0
        ? [`${name}: ${value.textContent} (${lines} lines, ${Math.max(0, tooWide)}px too wide)`]
        : [];
    }),
  );
}

test('a large shop’s key figures stay whole at every width', async ({ browser, baseURL }) => {
  const admin = await adminPage(browser, baseURL!);
  // The shop's own answer, with a turnover in the millions.
  await admin.route('**/api/admin/insights?period=*', async (route) => {
    const answer = await (await route.fetch()).json();
    await route.fulfill({
      json: {
        ...answer,
        revenue: 1_234_567.89,
        charged: 1_250_000.5,
        refunded: 15_432.61,
        orders: 123_456,
        averageOrderValue: 10_125.25,
        materials: [
          { material: 'phenolic', labels: 98_765, orders: 12_345, sales: 345_678.91 },
          { material: 'uv-resistant', labels: 45_678, orders: 6_789, sales: 123_456.78 },
        ],
        // The first hour's refunds (of orders placed earlier) were more than its sales.
        revenueSeries: {
          ...answer.revenueSeries,
          points: answer.revenueSeries.points.map((point: object, index: number) => ({
            ...point,
            revenue: index === 0 ? -2_345.67 : 4_321.09,
          })),
        },
      },
    });
  });
  await openToday(admin);
  for (const width of [375, 560, 768, 1024, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await expect(admin.getByLabel('Key figures')).toContainText('$1,234,567.89');
    await expect.poll(() => brokenFigures(admin), { message: `at ${width}px` }).toEqual([]);
  }
  // Its materials' numbers fit their card on a phone: no column hidden in a box scrolled sideways.
  await admin.setViewportSize({ width: 375, height: 900 });
  await admin.locator('summary', { hasText: 'Materials: the numbers' }).click();
  const materials = admin.getByRole('region', { name: 'Materials: the numbers' });
  await expect(materials).toContainText('$345,678.91');
  expect(await materials.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(
    0,
  );
  for (const viewport of [PHONE, DESKTOP]) {
    await admin.setViewportSize(viewport);
    await screenshot(admin, 'insights', 'dashboard-large');
  }
  await admin.context().close();
});

test('an export of today’s orders downloads a CSV with the right rows and no formula', async ({
  browser,
  baseURL,
}) => {
  const shopperContext = await browser.newContext({ baseURL });
  const shopper = await shopperContext.newPage();
  const hostile = await paidOrder(shopper, await sessionIdOf(shopper), {
    label: { ...LABEL, customText: '=1+2' },
    customerInfo: { ...customer('=HYPERLINK("http://evil.example","Open")'), company: '@Evil' },
    skipProof: true,
  });
  await shopperContext.close();

  const admin = await adminPage(browser, baseURL!);
  const sessionId = await admin.evaluate(() => localStorage.getItem('guest-session-id'));
  await admin.getByRole('tab', { name: 'Exports' }).click();
  const form = admin.getByRole('form', { name: 'New export' });
  await expect(form).toBeVisible();
  // The day the shop says it is: the dashboard's answer names it.
  const insights = await admin.request.get('/api/admin/insights?period=today', {
    headers: { 'x-session-id': sessionId! },
  });
  const today = ((await insights.json()) as { to: string }).to;
  await form.getByLabel('From').fill(today);
  await form.getByLabel('To').fill(today);
  const downloading = admin.waitForEvent('download');
  const exportButton = form.getByRole('button', { name: 'Export CSV' });
  await exportButton.focus();
  await admin.keyboard.press('Enter');
  const download = await downloading;
  // The button said it was busy and kept the focus.
  await expect(exportButton).toBeFocused();
  expect(download.suggestedFilename()).toBe(`orders-${today}-to-${today}.csv`);
  const text = (await readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, '');

  // The rows the admin's order list has for the same day.
  const listed = await admin.request.get(
    `/api/admin/orders?pageSize=100&from=${today}&to=${today}`,
    { headers: { 'x-session-id': sessionId! } },
  );
  const { orders } = (await listed.json()) as { orders: Array<{ orderNumber: number }> };
  const lines = text.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Order number,Placed/);
  const numbers = lines.slice(1).map((line) => Number(line.split(',')[0]));
  expect(numbers.sort()).toEqual(orders.map((o) => o.orderNumber).sort());
  const row = lines.find((line) => line.startsWith(`${hostile.orderNumber},`))!;
  expect(row).toContain('"\'=HYPERLINK(""http://evil.example"",""Open"")"');
  expect(row).toContain(",'@Evil,");
  // No cell starts like a formula.
  for (const line of lines)
    for (const cell of line.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t]/);

  // The export is recorded: who, when, what, and the rows its download wrote.
  await admin.reload();
  await admin.getByRole('tab', { name: 'Exports' }).click();
  const made = admin.getByRole('region', { name: 'Exports made' }).getByRole('row').nth(1);
  await expect(made).toContainText('Orders: all paid');
  await expect(made).toContainText(String(orders.length));

  // The money that moved today: the order's charge, on the day it was paid, for its total.
  await form.getByLabel('What').selectOption({ label: 'Payments and refunds' });
  // Rows and Status are the orders export's: gone, and What says what this file holds instead.
  await expect(form.getByLabel('Rows')).toHaveCount(0);
  await expect(form.getByLabel('Status')).toHaveCount(0);
  await expect(form.getByLabel('What')).toHaveAccessibleDescription(
    'One row per charge and per refund made in these days, oldest first, a refund with its reason.',
  );
  await form.getByLabel('From').fill(today);
  await form.getByLabel('To').fill(today);
  const downloadingMoney = admin.waitForEvent('download');
  await form.getByRole('button', { name: 'Export CSV' }).click();
  const money = await downloadingMoney;
  expect(money.suggestedFilename()).toBe(`payments-${today}-to-${today}.csv`);
  const moneyLines = (await readFile((await money.path())!))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(moneyLines[0]).toMatch(/^When \(.+\),Movement,Order number,/);
  const charge = moneyLines.find((line) => line.includes(`,Charge,${hostile.orderNumber},`))!;
  expect(charge).toContain(`,${hostile.total.toFixed(2)},`);
  await expect(made).toContainText('Payments and refunds');
  for (const viewport of [PHONE, DESKTOP]) {
    await admin.setViewportSize(viewport);
    await expect
      .poll(() => sidewaysOverflow(admin), { message: `at ${viewport.width}px` })
      .toEqual([]);
    await screenshot(admin, 'insights', 'exports');
  }
  // Back to the orders: their rows and status again, for the same look at both widths.
  await form.getByLabel('What').selectOption({ label: 'Orders' });
  await expect(form.getByLabel('Rows')).toHaveValue('order');
  for (const viewport of [PHONE, DESKTOP]) {
    await admin.setViewportSize(viewport);
    await screenshot(admin, 'insights', 'exports-orders');
  }
  await admin.context().close();
});
