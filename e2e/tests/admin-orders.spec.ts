import { expect, test } from '@playwright/test';
import { SAMPLE_CUSTOMER_INFO, SAMPLE_PRODUCT_CONFIG } from '../../contracts/src/testing.ts';
import { DESKTOP, PHONE, screenshot } from '../support/screenshots';
import {
  adminPage,
  becomeAdmin,
  outboxMessages,
  paidOrder,
  post,
  sessionIdOf,
  signedInCustomer,
  unique,
} from '../support/shop-api';

// The admin's Orders tab reads the orders by key: 20 at a time, "More orders" for the next ones (no
// page count), found by the beginning of a word of the customer's name; on a phone, one card per
// order. A screenshot at 375 px goes to test-results/screenshots/admin-orders, to look at.

/** A last name of letters only (one search word) that no other test or run uses. */
function uniqueName(): string {
  const letters = Array.from({ length: 10 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
  return `Zed${letters}`;
}

test('an admin searches orders by the start of a name and reads past the first 20 with More orders', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const lastName = uniqueName();
  const sessionId = await sessionIdOf(page);
  const customerInfo = {
    firstName: 'Ida',
    lastName,
    phone: '312 555 0100',
    email: '',
    company: 'Ida Tags',
    street: '1 Main St',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60601',
  };
  const numbers: number[] = [];
  const ids: string[] = [];
  for (let n = 0; n < 22; n++) {
    const order = await paidOrder(page, sessionId, {
      label: { ...SAMPLE_PRODUCT_CONFIG, customText: `TAG ${n}`, quantity: 1, files: [] },
      customerInfo: { ...customerInfo, email: `${unique('orders')}@example.com` },
      // The newest waits for its proof: the list's longest status ("Awaiting proof approval").
      skipProof: n < 21,
    });
    numbers.push(order.orderNumber);
    ids.push(order.orderId);
  }
  // A newer order of someone else: the unfiltered list starts with it, the search does not.
  await paidOrder(page, sessionId, {
    label: { ...SAMPLE_PRODUCT_CONFIG, customText: 'OTHER', quantity: 1, files: [] },
    customerInfo: { ...customerInfo, lastName: 'Other', email: `${unique('other')}@example.com` },
    skipProof: true,
  });

  const admin = await adminPage(browser, baseURL!);
  // One shipped: its row offers Mark completed, the widest of the rows' actions.
  const adminSession = await admin.evaluate(() => localStorage.getItem('guest-session-id'));
  await post(admin.request, adminSession!, `/api/admin/orders/${ids[20]}/ship`, {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  });
  await admin.getByRole('tab', { name: 'Orders' }).click();
  const search = admin.getByLabel('Search');
  await search.fill('z');
  await expect(admin.getByText(/words of at least 2 letters/).first()).toBeVisible();

  await search.fill(lastName.slice(0, 8).toLowerCase());
  const table = admin.getByRole('table');
  const newest = numbers.at(-1)!;
  await expect(table.getByRole('rowheader').first()).toHaveText(`#${newest}`);
  await expect(table.getByRole('rowheader')).toHaveCount(20);
  await expect(admin.getByText(/Page \d+ of/)).toHaveCount(0);
  await admin.getByRole('button', { name: 'More orders' }).click();
  await expect(table.getByRole('rowheader')).toHaveCount(22);
  await expect(table.getByRole('rowheader').last()).toHaveText(`#${numbers[0]}`);
  await expect(admin.getByText('22 orders shown, newest first')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'More orders' })).toHaveCount(0);

  // Two words: the first name's start and the last name's.
  await search.fill(`id ${lastName.slice(0, 5)}`);
  await expect(table.getByRole('rowheader').first()).toHaveText(`#${newest}`);
  // Its own first page, not the last search's 22 rows still shown while it was asked (the rows are
  // read one by one below: one taken away meanwhile would be waited for until the test times out).
  await expect(table.getByRole('rowheader')).toHaveCount(20);
  await expect(admin.getByRole('button', { name: 'More orders' })).toBeVisible();

  // On a desktop every column, the rows' buttons included, fits the table's box.
  const region = admin
    .getByRole('region', { name: 'Orders', exact: true })
    .and(admin.locator('[data-narrow]'));
  const overflow = () => region.evaluate((element) => element.scrollWidth - element.clientWidth);
  await admin.setViewportSize(DESKTOP);
  await expect(table.getByText('Awaiting proof approval')).toBeVisible();
  await expect(table.getByRole('button', { name: /Mark completed/ })).toBeVisible();
  await expect.poll(overflow).toBe(0);
  // What the search finds is said under it on a desktop, beside the other filters.
  const hint = admin.getByText('Names and emails match from the start of a word');
  await expect(search).toHaveAccessibleDescription(/^Names and emails match from the start/);
  expect((await hint.boundingBox())!.height).toBeGreaterThan(10);
  await screenshot(admin, 'admin-orders', 'orders', { fullPage: false });

  // On a phone, once a search is typed, the hint takes no room above the orders found (it took two
  // of the first screen's lines): it stays the field's description, read with it.
  await admin.setViewportSize(PHONE);
  await expect(search).toHaveAccessibleDescription(/^Names and emails match from the start/);
  expect((await hint.boundingBox())!.height).toBeLessThanOrEqual(1);
  // An empty search shows it again: the first thing a new admin reads of the field.
  await search.fill('');
  expect((await hint.boundingBox())!.height).toBeGreaterThan(10);
  await search.fill(`id ${lastName.slice(0, 5)}`);
  await expect(table.getByRole('rowheader')).toHaveCount(20);
  // From and To share a row on a phone, each wholly on screen: the orders start a row higher.
  const from = (await admin.getByLabel('From').boundingBox())!;
  const to = (await admin.getByLabel('To').boundingBox())!;
  expect(to.y).toBe(from.y);
  expect(from.x + from.width).toBeLessThan(to.x);
  expect(to.x + to.width).toBeLessThanOrEqual(PHONE.width);

  // On a phone the list is one card per order: each value under its column's name, and the row's
  // actions on screen, with nothing to scroll sideways.
  await admin.setViewportSize(PHONE);
  const card = table.getByRole('row').filter({ hasText: `#${newest}` });
  await expect(card.getByRole('cell').filter({ hasText: 'Ida' })).toHaveAttribute(
    'data-label',
    'Customer',
  );
  const view = card.getByRole('button', { name: `View order ${newest}` });
  await view.scrollIntoViewIfNeeded();
  const box = (await view.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await expect.poll(overflow).toBe(0);
  // No card scrolls sideways either (a long status, the buttons).
  for (const row of await table.locator('tbody tr').all())
    expect(await row.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  await screenshot(admin, 'admin-orders', 'orders', { fullPage: false });
  // Mark completed from the keyboard: the row's button goes, and its View keeps the focus.
  const complete = table.getByRole('button', { name: /Mark completed/ }).first();
  const completing = /order (\d+)$/.exec((await complete.getAttribute('aria-label'))!)![1];
  await complete.focus();
  await admin.keyboard.press('Enter');
  await expect(table.getByRole('button', { name: `View order ${completing}` })).toBeFocused();
  // The admin's browser of its own is closed: left open, its pages kept polling through later tests.
  await admin.context().close();
});

test("an admin opens one of a customer's orders from the customer's dialog, and comes back to it", async ({
  page,
  browser,
  baseURL,
}) => {
  const { sessionId, email } = await signedInCustomer(page, 'customer-orders');
  const order = await paidOrder(page, sessionId, {
    label: { ...SAMPLE_PRODUCT_CONFIG, customText: 'IVO 1', quantity: 1, files: [] },
    customerInfo: { ...SAMPLE_CUSTOMER_INFO, email },
    skipProof: true,
  });

  const admin = await adminPage(browser, baseURL!);
  for (const viewport of [PHONE, DESKTOP]) {
    await admin.setViewportSize(viewport);
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Customers' }).click();
    await admin.getByRole('searchbox', { name: 'Search' }).fill(email);
    await admin.getByRole('button', { name: `Orders of ${email}` }).click();
    const customer = admin.getByRole('dialog', { name: email });
    const view = customer.getByRole('button', { name: `View order ${order.orderNumber}` });
    await view.click();
    const details = admin.getByRole('dialog', { name: `Order #${order.orderNumber}` });
    await expect(
      details.getByRole('heading', { name: `Order #${order.orderNumber}` }),
    ).toBeFocused();
    await expect(details).toContainText('in a customer’s account');
    await screenshot(admin, 'admin-orders', 'customer-order', { fullPage: false });
    // Closing the order comes back to the customer's orders, on the button that opened it.
    await admin.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(customer).toBeVisible();
    await expect(view).toBeFocused();
    await admin.keyboard.press('Escape');
    await expect(customer).toBeHidden();
  }
  await admin.context().close();
});

test("the admin's new-order email links to the order itself: a fresh page opens its details, a guest is denied as at /admin", async ({
  page,
  browser,
  baseURL,
}) => {
  const { sessionId, email } = await signedInCustomer(page, 'linked-order');
  const order = await paidOrder(page, sessionId, {
    label: { ...SAMPLE_PRODUCT_CONFIG, customText: 'LINK 1', quantity: 1, files: [] },
    customerInfo: { ...SAMPLE_CUSTOMER_INFO, email },
    skipProof: true,
  });
  let link = '';
  await expect(async () => {
    const notice = (await outboxMessages(browser, baseURL!)).find(
      (mail) => mail.kind === 'admin_new_order' && mail.text.includes(`#${order.orderNumber} `),
    );
    link = /\/admin\?order=\d+/.exec(notice?.text ?? '')?.[0] ?? '';
    expect(link).toBe(`/admin?order=${order.orderNumber}`);
  }).toPass({ timeout: 15_000 });

  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await becomeAdmin(admin, await sessionIdOf(admin));
  for (const viewport of [PHONE, DESKTOP]) {
    await admin.setViewportSize(viewport);
    await admin.goto(link);
    const details = admin.getByRole('dialog', { name: `Order #${order.orderNumber}` });
    await expect(details).toBeVisible({ timeout: 15_000 });
    await expect(details).toContainText(email);
    await screenshot(admin, 'admin-orders', 'linked-order', { fullPage: false });
    // Closed, the order stays listed under its number; the address no longer names it.
    await admin.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(admin).toHaveURL(/\/admin$/);
    await expect(admin.getByRole('tab', { name: 'Orders' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(
      admin.getByRole('table').getByRole('rowheader', { name: `#${order.orderNumber}` }),
    ).toBeVisible();
  }
  await context.close();

  const guest = await browser.newPage({ baseURL });
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(guest.getByRole('tab', { name: 'Orders' })).toHaveCount(0);
  await expect(guest.getByRole('dialog')).toHaveCount(0);
  await guest.close();
});
