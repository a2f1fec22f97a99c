import { expect, test } from '@playwright/test';
import { screenshots } from '../support/screenshots';
import {
  CUSTOMER_PASSWORD,
  adminPage,
  linkFromOutbox,
  paidOrder,
  post,
  sessionIdOf,
  signedInCustomer,
  unique,
} from '../support/shop-api';
import { SAMPLE_CUSTOMER_INFO, SAMPLE_PRODUCT_CONFIG } from '../../contracts/src/testing.ts';

// Customer self-service (docs/product.md section 10): a forgotten password reset by the emailed link,
// the account page filling in the next checkout, and the cart's typed quantity and Edit.

const LABEL = {
  ...SAMPLE_PRODUCT_CONFIG,
  customText: 'VALVE 7',
  quantity: 1,
  files: [],
};
test('forgot password: the emailed link sets a new password and signs the shopper in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `${unique('ann')}@example.com`;
  const sessionId = await sessionIdOf(page);
  await post(page.request, sessionId, '/api/auth/register', {
    email,
    password: 'old-password-1',
    firstName: 'Ann',
    lastName: 'Lee',
  });
  await page.request.post('/api/auth/logout', { headers: { 'x-session-id': sessionId } });
  await page.reload();

  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome back' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'If an account exists for this email, a link to reset the password is on its way. It is valid for one hour.',
  );
  await page.keyboard.press('Escape');

  const link = await linkFromOutbox(browser, baseURL!, email, 'reset-password');
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await screenshots(page, 'self-service', 'reset-password');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel('New password', { exact: true }).fill('new-password-2');
  await page.getByLabel('Confirm new password').fill('new-password-3');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm new password').fill('new-password-2');
  await page.getByRole('button', { name: 'Set New Password' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(header.getByRole('button', { name: /account menu for Ann Lee$/i })).toBeVisible();
  await expect(page.getByRole('main').getByText(/^Signed in as/)).toContainText(email);

  // The link was used: a second visit says so on opening, with no form to fill in for nothing.
  await page.goto(link);
  await expect(
    page.getByRole('heading', {
      name: 'This password reset link is invalid, expired or already used. Please ask for a new one.',
    }),
  ).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});

test('the details saved on the account page fill in the next checkout', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `${unique('bo')}@example.com`;
  const sessionId = await sessionIdOf(page);
  await post(page.request, sessionId, '/api/auth/register', {
    email,
    password: 'bo-password-1',
    firstName: 'Bo',
    lastName: 'Chen',
  });
  await post(page.request, sessionId, '/api/cart', LABEL);

  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /account menu for/i })
    .click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const main = page.getByRole('main');
  await main.getByLabel('Phone').fill('555-0142');
  await main.getByLabel('Company').fill('Harbor Pumps');
  await main.getByLabel('Address').fill('9 Dock Road, Boston, MA');
  await main.getByLabel('ZIP code').fill('02110');
  await main.getByRole('button', { name: 'Save Details' }).click();
  await expect(page.getByText('Your details were saved', { exact: true })).toBeVisible();
  await screenshots(page, 'self-service', 'account');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/checkout');
  const checkout = page.getByRole('main');
  const field = (name: string) => checkout.getByRole('textbox', { name, exact: true });
  await expect(field('First Name')).toHaveValue('Bo');
  await expect(field('Email Address')).toHaveValue(email);
  await expect(field('Phone Number')).toHaveValue('555-0142');
  await expect(field('Company')).toHaveValue('Harbor Pumps');
  await expect(field('Street Address')).toHaveValue('9 Dock Road');
  await expect(field('City')).toHaveValue('Boston');
  await expect(field('State')).toHaveValue('MA');
  await expect(field('ZIP/Postal Code')).toHaveValue('02110');
  const save = checkout.getByRole('checkbox', { name: 'Save this address to my profile' });
  await expect(save).toHaveCount(0);
  await field('Street Address').fill('11 Dock Road');
  await expect(save).not.toBeChecked();
});

test('the cart takes a typed quantity, and Edit changes a line in the configurator', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sessionId = await sessionIdOf(page);
  await post(page.request, sessionId, '/api/cart', LABEL);
  const priced = await post(page.request, sessionId, '/api/calculate-price', {
    ...LABEL,
    quantity: 100,
  });

  await page.goto('/cart');
  const line = page.getByTestId('cart-item');
  const quantity = line.getByRole('textbox', { name: /^Quantity of/ });
  await expect(quantity).toHaveValue('1');
  await expect(line.getByRole('button', { name: /^Decrease quantity/ })).toBeDisabled();
  await expect(line.getByTestId('cart-item-total')).toContainText('$5.20');

  // A quantity that breaks the rule says so and changes nothing.
  await quantity.fill('0');
  await quantity.press('Enter');
  await expect(line.getByRole('alert')).toHaveText(
    'Quantity must be at least 1. Nothing was changed.',
  );
  await expect(line.getByTestId('cart-item-total')).toContainText('$5.20');
  // The field shows what the cart holds again, the quantity minus and plus step from.
  await expect(quantity).toHaveValue('1');

  await quantity.fill('100');
  await quantity.press('Enter');
  await expect(line.getByTestId('cart-item-total')).toContainText(
    `$${(priced.total as number).toFixed(2)}`,
  );
  await expect(quantity).toHaveValue('100');
  await expect(line.getByRole('alert')).toHaveCount(0);
  await line.getByRole('button', { name: /^Increase quantity/ }).click();
  await expect(quantity).toHaveValue('101');
  await screenshots(page, 'self-service', 'cart');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Edit: the configurator opens with this line; saving replaces it and returns to the cart.
  await line.getByRole('link', { name: /^Edit/ }).click();
  await expect(page).toHaveURL(/\/products\?edit=/);
  const text = page.getByLabel('Text to engrave');
  await expect(text).toHaveValue('VALVE 7');
  await text.fill('VALVE 8');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await expect(page.getByTestId('cart-item')).toContainText('VALVE 8');
  await expect(quantity).toHaveValue('101');
});

test('a customer deletes their account from the account page, confirming with their password, once their order has shipped', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { sessionId, email } = await signedInCustomer(page, 'cy');
  const order = await paidOrder(page, sessionId, {
    label: LABEL,
    customerInfo: { ...SAMPLE_CUSTOMER_INFO, email },
    skipProof: true,
  });
  await page.goto('/account');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Delete Account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const password = dialog.getByLabel('Current password');
  await expect(password).toBeFocused();
  await password.fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  await expect(password).toBeFocused();
  await screenshots(page, 'self-service', 'delete-account');
  // The order is in production: refused, said in the dialog, focus kept on the button.
  await password.fill(CUSTOMER_PASSWORD);
  const remove = dialog.getByRole('button', { name: 'Delete Account' });
  await remove.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'You have orders in progress: your account can be deleted once they have shipped or been cancelled.',
  );
  await expect(remove).toBeFocused();

  const admin = await adminPage(browser, baseURL!);
  await post(admin.request, await sessionIdOf(admin), `/api/admin/orders/${order.orderId}/ship`, {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  });
  await admin.context().close();
  await remove.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByText('Your account was deleted. Its orders stay with the shop.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  const signIn = await page.request.post('/api/auth/login', {
    headers: { 'x-session-id': sessionId },
    data: { email, password: CUSTOMER_PASSWORD },
  });
  expect(signIn.status()).toBe(401);
});
