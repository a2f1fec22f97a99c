import { expect, request, test, type Browser, type Locator, type Page } from '@playwright/test';
import { DISCOUNT_CODE_MAX_LENGTH } from '../../contracts/src/discount-options.ts';
import { SAMPLE_CHECKOUT_FIELDS, SAMPLE_PRODUCT_CONFIG } from '../../contracts/src/testing.ts';
import { sidewaysOverflow, sizeLines } from '../support/layout';
import { PHONE, screenshot, screenshots } from '../support/screenshots';
import { adminPage, sessionIdOf } from '../support/shop-api';

// The cart, checkout and confirmation remote against the real API and the sandbox card provider:
// a discount applied and restored, a paid order confirmed, a declined card keeping the cart.

const LABEL = {
  ...SAMPLE_PRODUCT_CONFIG,
  customText: 'PUMP 3',
  quantity: 2,
  files: [],
};

/** The shell's visible toast (one at a time). */
function toast(page: Page) {
  return page.getByTestId('toast');
}

function failOnPageErrors(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /ChunkLoadError|Loading chunk/.test(message.text()))
      problems.push(message.text());
  });
  return problems;
}

/** Where the shown toast ends, once it has slid into its place. */
async function settledToastBottom(page: Page): Promise<number> {
  let lastBottom = NaN;
  await expect
    .poll(async () => {
      const box = (await toast(page).boundingBox())!;
      const settled = box.y + box.height === lastBottom;
      lastBottom = box.y + box.height;
      return settled;
    })
    .toBe(true);
  return lastBottom;
}

/** Creates a discount code as an admin would, in a browser context of its own (the shopper stays a guest). */
async function createDiscountCode(
  baseURL: string,
  fields: { code: string; type: 'percentage' | 'fixed'; value: number; description: string },
) {
  const admin = await request.newContext({
    baseURL,
    extraHTTPHeaders: {
      'x-session-id': `guest-${Date.now()}-e2eadmin${Math.random().toString(36).slice(2, 10)}`,
    },
  });
  try {
    const email = `admin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const registered = await admin.post('/api/auth/register', {
      data: { email, password: 'admin-password-1', firstName: 'Grace', lastName: 'Hopper' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const secret = 'e2e-admin-secret';
    const granted = await admin.post('/api/admin/make-admin', {
      data: { secret },
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(granted.status(), await granted.text()).toBe(200);
    const created = await admin.post('/api/admin/discount-codes', {
      data: { ...fields, isActive: true },
    });
    expect(created.status(), await created.text()).toBe(201);
  } finally {
    await admin.dispose();
  }
}

/** Switches a discount code off as an admin would, in a browser of the admin's own. */
async function switchOff(browser: Browser, baseURL: string, code: string) {
  const admin = await adminPage(browser, baseURL);
  const adminSession = await sessionIdOf(admin);
  const codes = await admin.request.get('/api/admin/discount-codes', {
    headers: { 'x-session-id': adminSession },
  });
  const { id } = ((await codes.json()) as Array<{ id: string; code: string }>).find(
    (listed) => listed.code === code,
  )!;
  const off = await admin.request.put(`/api/admin/discount-codes/${id}`, {
    data: { isActive: false },
    headers: { 'x-session-id': adminSession },
  });
  expect(off.status(), await off.text()).toBe(200);
  await admin.context().close();
}

/** Puts labels (LABEL by default) into this page's guest cart through the API, as the configurator does. */
async function addLabelToCart(page: Page, ...lines: Record<string, unknown>[]) {
  const sessionId = await sessionIdOf(page);
  for (const line of lines.length > 0 ? lines : [LABEL]) {
    const added = await page.request.post('/api/cart', {
      data: line,
      headers: { 'x-session-id': sessionId },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
}

async function fillDetails(page: Page) {
  const checkout = page.locator('[data-remote="cart_checkout"]');
  for (const [label, value] of Object.entries(SAMPLE_CHECKOUT_FIELDS)) {
    await checkout.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
}

async function fillCard(page: Page, cardNumber: string) {
  const card = page.frameLocator('iframe[title="Secure card payment form"]');
  await card.getByLabel('Card number').fill(cardNumber);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVV').fill('123');
  await card.getByLabel('Postal code').fill('60601');
}

test('a guest applies a discount, checks out with the sandbox card and sees the confirmation', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const problems = failOnPageErrors(page);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await createDiscountCode(baseURL!, {
    code,
    type: 'percentage',
    value: 10,
    description: '10% off for the e2e run',
  });
  await addLabelToCart(page);

  await page.goto('/cart');
  const cart = page.locator('[data-remote="cart_checkout"]');
  await expect(cart.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  await expect(cart.getByTestId('cart-item')).toHaveCount(1);
  await expect(cart.getByTestId('cart-item')).toContainText('Phenolic label');
  await expect(cart.getByTestId('cart-item-total')).toContainText('$10.40');
  await expect(page.getByTestId('cart-badge')).toHaveText('2');

  // An empty code is refused on the page; a lower-case code is sent upper-case and applied.
  await cart.getByRole('button', { name: 'Apply' }).click();
  await expect(cart.getByText('Please enter a discount code')).toBeVisible();
  await cart.getByRole('textbox', { name: 'Discount code' }).fill(code.toLowerCase());
  await cart.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page)).toContainText('Discount applied!');
  await expect(cart.getByTestId('summary-discount')).toContainText(`Discount (${code})`);
  await expect(cart.getByTestId('summary-discount')).toContainText('$1.04');
  await expect(cart.getByTestId('summary-total')).toContainText('$9.36');

  // Saved with the cart session: a fresh load restores it.
  await page.reload();
  await expect(cart.getByTestId('applied-discount')).toContainText(code);
  await expect(cart.getByTestId('summary-total')).toContainText('$9.36');

  await cart.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const checkout = page.locator('[data-remote="cart_checkout"]');
  const pay = checkout.getByRole('button', { name: 'Complete Payment' });
  await expect(pay).toBeEnabled({ timeout: 15_000 });

  // Missing details are named before anything is sent.
  await pay.click();
  await expect(toast(page)).toContainText('Required Information Missing');
  await expect(toast(page)).toContainText('Please fill in: First Name, Last Name');
  await expect(checkout.getByRole('textbox', { name: 'First Name', exact: true })).toBeFocused();

  await fillDetails(page);
  const summary = checkout.getByTestId('checkout-summary');
  await expect(summary.getByTestId('checkout-discount')).toContainText(`Discount (${code})`);
  await expect(summary.getByTestId('checkout-shipping')).toContainText(
    /Shipping \((USPS|UPS)\)\$\d+\.\d\d/,
  );
  await expect(summary.getByTestId('checkout-tax')).toContainText(/\$\d+\.\d\d/);

  await fillCard(page, '4111 1111 1111 1111');
  await pay.click();
  await expect(checkout.getByRole('button', { name: /Processing Payment/ })).toBeDisabled();

  await expect(page).toHaveURL(/\/confirmation\/[0-9a-f]{24}$/, { timeout: 20_000 });
  const confirmation = page.locator('[data-remote="cart_checkout"]');
  await expect(confirmation.getByText('Thank you for your order!')).toBeVisible();
  await expect(confirmation.getByTestId('order-number')).toHaveText(/^#\d{4,}$/);
  await expect(confirmation.getByTestId('order-total')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(confirmation.getByText(/A confirmation email is on its way to/)).toContainText(
    'ada@example.com',
  );
  await expect(page.getByTestId('cart-badge')).toHaveText('0');

  // The order data was read once: coming back sends the shopper home.
  await page.reload();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/cart');
  await expect(
    page
      .locator('[data-remote="cart_checkout"]')
      .getByRole('heading', { name: 'Your cart is empty' }),
  ).toBeVisible();
  expect(problems).toEqual([]);
});

test('a declined card shows the reason and keeps the cart; paying again succeeds', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const problems = failOnPageErrors(page);
  await page.setViewportSize(PHONE);
  await addLabelToCart(page);

  await page.goto('/checkout');
  const checkout = page.locator('[data-remote="cart_checkout"]');
  const pay = checkout.getByRole('button', { name: 'Complete Payment' });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  await fillDetails(page);
  await fillCard(page, '4000 0000 0000 0002');
  await pay.click();

  const failure = checkout.getByTestId('payment-failure');
  await expect(failure).toContainText('Payment Failed', { timeout: 15_000 });
  await expect(failure).toContainText('Your card was declined');
  await expect(toast(page)).toContainText('Payment Failed');
  // The keyboard starts again from Complete Payment, not from the top of the page.
  await expect(pay).toBeFocused();
  // On a phone the toast sits at the top of the screen: the card fields to change are below it,
  // on screen, with the button under them.
  const lastBottom = await settledToastBottom(page);
  const cardBox = (await checkout.getByTestId('card-container').boundingBox())!;
  expect(cardBox.y).toBeGreaterThanOrEqual(lastBottom);
  const payBox = (await pay.boundingBox())!;
  expect(payBox.y + payBox.height).toBeLessThanOrEqual(PHONE.height);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await expect(checkout.getByTestId('checkout-summary')).toContainText('Phenolic label');

  // The same order is paid with a good card.
  await fillCard(page, '4111 1111 1111 1111');
  await pay.click();
  await expect(page).toHaveURL(/\/confirmation\/[0-9a-f]{24}$/, { timeout: 20_000 });
  // The declined card's toast left with the checkout: read at once, not waited for (it would run
  // out by itself 5 s after it showed).
  expect(await toast(page).count()).toBe(0);
  await expect(
    page.locator('[data-remote="cart_checkout"]').getByTestId('order-number'),
  ).toHaveText(/^#\d{4,}$/);
  expect(problems).toEqual([]);
});

test('a code switched off while the shopper is at checkout is said, taken off, and the next payment charges the new total', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const problems = failOnPageErrors(page);
  const code = `OFF${Date.now().toString(36).toUpperCase()}`;
  await createDiscountCode(baseURL!, {
    code,
    type: 'percentage',
    value: 10,
    description: 'switched off during the e2e run',
  });
  await addLabelToCart(page);
  await page.goto('/cart');
  const cart = page.locator('[data-remote="cart_checkout"]');
  await cart.getByRole('textbox', { name: 'Discount code' }).fill(code);
  await cart.getByRole('button', { name: 'Apply' }).click();
  await expect(cart.getByTestId('summary-discount')).toContainText(`Discount (${code})`);
  await cart.getByRole('link', { name: 'Proceed to Checkout' }).click();
  const checkout = page.locator('[data-remote="cart_checkout"]');
  const summary = checkout.getByTestId('checkout-summary');
  await fillDetails(page);
  await expect(summary.getByTestId('checkout-discount')).toContainText(`Discount (${code})`);
  await expect(checkout.getByRole('button', { name: /Complete Payment: \$/ })).toBeVisible({
    timeout: 15_000,
  });

  // An admin switches the code off.
  await switchOff(browser, baseURL!, code);

  // Nothing is charged: the refusal says why, and the checkout takes the code off and says so.
  await fillCard(page, '4111 1111 1111 1111');
  await checkout.getByRole('button', { name: /Complete Payment/ }).click();
  await expect(checkout.getByTestId('payment-failure')).toContainText(
    'This discount code is no longer active. Remove it from your cart to continue.',
    { timeout: 15_000 },
  );
  await expect(summary.getByRole('status')).toContainText(
    `${code} was removed. This discount code is no longer active`,
  );
  await expect(summary.getByTestId('checkout-discount')).toHaveCount(0);
  const total = summary.getByTestId('checkout-total');
  await expect(total).toContainText('Total');
  await expect(total).not.toContainText('Estimated');
  const charged = (await total.textContent())!.replace(/^.*\$/, '');
  await expect(
    checkout.getByRole('button', { name: `Complete Payment: $${charged}` }),
  ).toBeVisible();

  await checkout.getByRole('button', { name: /Complete Payment/ }).click();
  await expect(page).toHaveURL(/\/confirmation\/[0-9a-f]{24}$/, { timeout: 20_000 });
  await expect(page.locator('[data-remote="cart_checkout"]').getByTestId('order-total')).toHaveText(
    `$${charged}`,
  );
  expect(problems).toEqual([]);
});

test('a cart changed in another tab while the shopper is at checkout is not charged unseen: the page says the new total, and the next payment charges it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = failOnPageErrors(page);
  await addLabelToCart(page);
  await page.goto('/checkout');
  const checkout = page.locator('[data-remote="cart_checkout"]');
  await fillDetails(page);
  const pay = checkout.getByRole('button', { name: /Complete Payment: \$/ });
  await expect(pay).toBeVisible({ timeout: 15_000 });
  const shown = (await pay.textContent())!.replace(/^.*\$/, '');

  // Another tab of the same browser makes it three labels.
  const sessionId = (await page.evaluate(() => localStorage.getItem('guest-session-id')))!;
  const other = await page.context().newPage();
  const cart = await other.request.get('/api/cart', { headers: { 'x-session-id': sessionId } });
  const [line] = ((await cart.json()) as { items: Array<{ id: string }> }).items;
  const changed = await other.request.put(`/api/cart/${line!.id}`, {
    data: { quantity: 3 },
    headers: { 'x-session-id': sessionId },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await other.close();

  await fillCard(page, '4111 1111 1111 1111');
  await pay.click();
  const failure = checkout.getByTestId('payment-failure');
  await expect(failure).toContainText('Your cart changed since this total was shown: it is now $', {
    timeout: 15_000,
  });
  const now = /it is now \$([\d,.]+)\./.exec((await failure.textContent())!)![1]!;
  expect(now).not.toBe(shown);
  // The page reads the cart again: the button states the new total, and paying charges it.
  const payNow = checkout.getByRole('button', { name: `Complete Payment: $${now}` });
  await expect(payNow).toBeVisible({ timeout: 15_000 });
  await payNow.click();
  await expect(page).toHaveURL(/\/confirmation\/[0-9a-f]{24}$/, { timeout: 20_000 });
  await expect(page.locator('[data-remote="cart_checkout"]').getByTestId('order-total')).toHaveText(
    `$${now}`,
  );
  expect(problems).toEqual([]);
});

/**
 * The focused field's label, box and message are on screen, none of them under the sticky header or
 * the toast (on a phone it is at the top, under the header).
 */
async function expectInSightBelowToast(page: Page, name: string, message: string) {
  const checkout = page.locator('[data-remote="cart_checkout"]');
  const field = checkout.getByRole('textbox', { name, exact: true });
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription(message);
  const toastBottom = await settledToastBottom(page);
  const toastBox = (await toast(page).boundingBox())!;
  const { height } = page.viewportSize()!;
  const header = (await page.getByRole('banner').boundingBox())!;
  const label = checkout.locator('label', { hasText: new RegExp(`^${name}$`) });
  for (const part of [label, field, checkout.getByText(message, { exact: true })]) {
    const box = (await part.boundingBox())!;
    const underToast =
      box.y < toastBottom &&
      box.y + box.height > toastBox.y &&
      box.x < toastBox.x + toastBox.width &&
      box.x + box.width > toastBox.x;
    expect(underToast, `${name}: ${JSON.stringify({ box, toastBox })}`).toBe(false);
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
  }
}

test('a form with wrong fields says so in one short toast, and the first wrong field is in sight below it', async ({
  page,
}) => {
  await addLabelToCart(page);
  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    await page.setViewportSize(viewport);
    await page.goto('/checkout');
    const checkout = page.locator('[data-remote="cart_checkout"]');
    const field = (name: string) => checkout.getByRole('textbox', { name, exact: true });
    const pay = checkout.getByRole('button', { name: 'Complete Payment' });
    await expect(pay).toBeEnabled({ timeout: 15_000 });

    // The first name typed and Enter (a phone keyboard's Go) pressed: the rest is missing, and the
    // next field, already on screen, gets the focus. The shopper had scrolled the form up to the
    // header, as a phone does to keep the field being typed in above its keyboard.
    await field('First Name').evaluate((input) => input.scrollIntoView({ block: 'start' }));
    await field('First Name').fill('Ada');
    await field('First Name').press('Enter');
    await expect(toast(page)).toContainText('Required Information Missing');
    await expectInSightBelowToast(page, 'Last Name', 'Last Name is required.');
    await screenshot(page, 'checkout-wrong-fields', 'missing', { fullPage: false });

    // Four fields filled in wrongly: the toast counts them, each says what is wrong under it.
    await fillDetails(page);
    await field('Phone Number').fill('call me');
    await field('Email Address').fill('ada@');
    await field('Street Address').fill('Main Street');
    await field('ZIP/Postal Code').fill('6060');
    await pay.click();
    await expect(toast(page)).toContainText(
      'Please check your details4 fields need a change: see the message under each.',
    );
    await expectInSightBelowToast(
      page,
      'Phone Number',
      'Please enter a valid phone number (e.g., 312 555 0100).',
    );
    await screenshot(page, 'checkout-wrong-fields', 'submitted', { fullPage: false });
  }
});

test('an address whose ZIP is in another state than its State is not quoted: the summary says to check them', async ({
  page,
}) => {
  await addLabelToCart(page);
  await page.setViewportSize(PHONE);
  await page.goto('/checkout');
  const checkout = page.locator('[data-remote="cart_checkout"]');
  await fillDetails(page);
  await checkout.getByRole('textbox', { name: 'ZIP/Postal Code', exact: true }).fill('10001');
  const summary = checkout.getByTestId('checkout-summary');
  await summary.getByRole('button', { name: /Show details/ }).click();
  await expect(summary).toContainText(
    'ZIP/Postal Code 10001 is in New York (NY), not Illinois (IL). Please check the State and ZIP/Postal Code.',
  );
  await expect(summary.getByTestId('checkout-tax')).toHaveText('TaxCheck State and ZIP');
  await expect(summary.getByTestId('checkout-shipping')).toHaveText('ShippingCheck State and ZIP');
  await expect(summary.getByTestId('checkout-total')).toContainText('Estimated total');
  await screenshot(page, 'checkout-zip-state-mismatch', 'summary');
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'checkout-zip-state-mismatch', 'summary');

  // With the State the ZIP is in, the server's quote is shown.
  await checkout.getByRole('textbox', { name: 'State', exact: true }).fill('NY');
  await expect(summary.getByTestId('checkout-shipping')).toHaveText(/^Shipping \((USPS|UPS)\)\$/);
  await expect(summary.getByTestId('checkout-total')).toContainText(/^Total/);
});

test('a keyboard shopper steps a line up three times and removes it, and the focus is never lost', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const sessionId = await sessionIdOf(page);
  const added = await page.request.post('/api/cart', {
    headers: { 'x-session-id': sessionId },
    data: { ...LABEL, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/cart');
  const cart = page.locator('[data-remote="cart_checkout"]');
  const plus = cart.getByRole('button', { name: /^Increase quantity/ });
  const field = cart.getByRole('textbox', { name: /^Quantity of/ });
  await plus.focus();
  // Pressed as a person presses: again once the last press is saved (the button says it is busy).
  for (const quantity of ['2', '3', '4']) {
    await page.keyboard.press('Enter');
    await expect(field).toHaveValue(quantity);
    await expect(plus).not.toHaveAttribute('aria-disabled');
    await expect(plus).toBeFocused();
  }
  await expect(page.getByRole('link', { name: 'Cart, 4 labels' })).toBeVisible();
  await cart.getByRole('button', { name: /^Remove/ }).focus();
  await page.keyboard.press('Enter');
  await expect(cart.getByRole('heading', { name: 'Your cart is empty' })).toBeFocused();
});

/** An element's box in the page's coordinates (the same whatever was scrolled since). */
type Box = { x: number; y: number; width: number; height: number };

const pageBox = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x: x + scrollX, y: y + scrollY, width, height };
  });

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The element's box, which must lie across the viewport's width (inside it from left to right). */
async function boxAcrossViewport(page: Page, locator: Locator, what: string) {
  const box = await pageBox(locator);
  const width = page.viewportSize()!.width;
  expect(box.x, `${what} starts left of the viewport`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends past the viewport's ${width}px`).toBeLessThanOrEqual(
    width,
  );
  return box;
}

test('a 50-character discount code fits a 375 px phone: in the cart and at checkout nothing runs off the screen or over the total', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The longest code the shop takes, with nowhere a line may break (no hyphen, no space).
  const code = `ENGRAVEDPUMPLABELSCLEARANCE${Date.now().toString(36).toUpperCase()}`
    .padEnd(DISCOUNT_CODE_MAX_LENGTH, 'X')
    .slice(0, DISCOUNT_CODE_MAX_LENGTH);
  await createDiscountCode(baseURL!, {
    code,
    type: 'fixed',
    value: 2,
    description: '$2 off a long-named clearance',
  });
  await page.setViewportSize({ width: 375, height: 667 });
  await addLabelToCart(page);
  await page.goto('/cart');
  const cart = page.locator('[data-remote="cart_checkout"]');
  await cart.getByRole('textbox', { name: 'Discount code' }).fill(code);
  await cart.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page)).toContainText('Discount applied!');
  // The toast that names the code keeps it on the screen too.
  await expect(toast(page)).toContainText(code);
  await boxAcrossViewport(page, toast(page), 'the toast');
  await toast(page).getByRole('button', { name: 'Close' }).click();

  const applied = cart.getByTestId('applied-discount');
  const remove = applied.getByRole('button', { name: `Remove discount ${code}` });
  await expect(remove).toBeVisible();
  await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
  const appliedBox = await boxAcrossViewport(page, applied, 'the applied code');
  await boxAcrossViewport(
    page,
    applied.getByText(code, { exact: true }),
    "the applied code's text",
  );
  const removeBox = await boxAcrossViewport(page, remove, 'its Remove button');
  // Remove keeps a 44 px target and lies clear of the code's text.
  expect(removeBox.height).toBeGreaterThanOrEqual(44);
  expect(overlap(removeBox, await pageBox(applied.getByText(code, { exact: true })))).toBe(false);

  // The summary's discount row and its amount, and the total below them, each in its own place.
  const discountRow = cart.getByTestId('summary-discount');
  const discountBox = await boxAcrossViewport(page, discountRow, 'the discount row');
  const total = cart.getByTestId('summary-total');
  const totalBox = await boxAcrossViewport(page, total, 'the total');
  const termBox = await pageBox(discountRow.locator('dt'));
  const amountBox = await boxAcrossViewport(page, discountRow.locator('dd'), 'the discount amount');
  expect(overlap(termBox, amountBox), 'the code over its amount').toBe(false);
  await expect(discountRow.locator('dd')).toHaveText('−$2.00');
  for (const [what, box] of [
    ['the discount row', discountBox],
    ['the applied code', appliedBox],
  ] as const)
    expect(overlap(box, totalBox), `${what} over the total`).toBe(false);
  await expect(total.locator('dd')).toHaveText('$8.40');
  // On the phone, what the screen shows of the summary; on the desktop, the whole page.
  await cart.getByTestId('cart-summary').evaluate((summary) => summary.scrollIntoView());
  await screenshot(page, 'cart-long-discount-code', 'cart', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
  await screenshot(page, 'cart-long-discount-code', 'cart');

  // At checkout, the summary (opened on the phone) names the code over its own line too.
  await page.setViewportSize({ width: 375, height: 667 });
  await cart.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.locator('[data-remote="cart_checkout"]').getByTestId('checkout-summary');
  await summary.getByRole('button', { name: /Show details/ }).click();
  const checkoutDiscount = summary.getByTestId('checkout-discount');
  await expect(checkoutDiscount).toContainText(code);
  await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
  const checkoutDiscountBox = await boxAcrossViewport(page, checkoutDiscount, 'the discount row');
  const checkoutTotalBox = await boxAcrossViewport(
    page,
    summary.getByTestId('checkout-total'),
    'the total',
  );
  expect(overlap(checkoutDiscountBox, checkoutTotalBox)).toBe(false);
  expect(
    overlap(
      await pageBox(checkoutDiscount.locator('dt')),
      await pageBox(checkoutDiscount.locator('dd')),
    ),
  ).toBe(false);
  await screenshot(page, 'cart-long-discount-code', 'checkout');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
  await screenshot(page, 'cart-long-discount-code', 'checkout');

  // Switched off meanwhile, the code is taken off the cart, and the notice that names it fits too.
  await switchOff(browser, baseURL!, code);
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/cart');
  const dropped = cart.getByTestId('cart-summary').getByRole('status');
  await expect(dropped).toContainText(`${code} was removed.`);
  await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
  await boxAcrossViewport(page, dropped, 'the notice that the code was removed');
  await screenshot(page, 'cart-long-discount-code', 'cart-code-removed');
});

test("on a phone, a line's size (3″ × 1″) is never broken across lines in the cart or the checkout summary", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await addLabelToCart(
    page,
    { ...LABEL, width: 3, height: 1, color: 'red-white', customText: 'PUMP 1', quantity: 30 },
    { ...LABEL, width: 3, height: 1, customText: 'DANGER\n480 VOLTS', quantity: 3 },
  );
  await page.setViewportSize(PHONE);
  await page.goto('/cart');
  const cart = page.locator('[data-remote="cart_checkout"]');
  const names = cart.getByTestId('cart-item').getByRole('heading', { level: 3 });
  await expect(names).toHaveCount(2, { timeout: 15_000 });
  await expect(names).toHaveText(['Phenolic label, 3″ × 1″', 'Phenolic label, 3″ × 1″']);
  for (let width = 320; width <= 430; width += 5) {
    await page.setViewportSize({ width, height: 800 });
    expect(await sizeLines(names), `cart at ${width} px`).toEqual([1, 1]);
  }
  // The controls keep the names a screen reader tells the two lines apart by.
  await expect(
    cart.getByRole('button', { name: 'Remove Phenolic label, 3″ × 1″, line 2', exact: true }),
  ).toBeVisible();
  await screenshots(page, 'cart-line-names', 'cart');

  await page.setViewportSize(PHONE);
  await cart.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = cart.getByTestId('checkout-summary');
  await summary.getByRole('button', { name: /Show details/ }).click();
  const summaryNames = summary
    .getByRole('list', { name: 'Items in your order' })
    .getByRole('listitem')
    .locator('strong');
  await expect(summaryNames).toHaveCount(2);
  for (let width = 320; width <= 430; width += 5) {
    await page.setViewportSize({ width, height: 800 });
    expect(await sizeLines(summaryNames), `checkout summary at ${width} px`).toEqual([1, 1]);
  }
  await screenshots(page, 'cart-line-names', 'checkout');
});
