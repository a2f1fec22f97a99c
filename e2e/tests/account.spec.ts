import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot } from '../support/screenshots';
import { CUSTOMER_PASSWORD, signedInCustomer } from '../support/shop-api';

// A customer's account, driven through the account remote's dialogs as the shell mounts them.

function newCustomer() {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    email: `ann-${id}@example.com`,
    password: 'first-pass-1',
    firstName: 'Ann',
    lastName: 'Lee',
  };
}

function toast(page: Page, title: string) {
  return page.getByText(title, { exact: true });
}

async function signIn(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Welcome back' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function signOut(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /account menu for/i })
    .click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
}

test('a shopper creates an account, sees Orders, signs out, signs in again and changes the password', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const customer = newCustomer();
  const header = page.getByRole('banner');
  await page.goto('/');
  await expect(header.getByRole('link', { name: 'Orders' })).toHaveCount(0);

  // Register through the dialog the header's account button opens.
  await header.getByRole('button', { name: 'Sign In' }).click();
  await page
    .getByRole('dialog', { name: 'Welcome back' })
    .getByRole('tab', { name: 'Create Account' })
    .click();
  const create = page.getByRole('dialog', { name: 'Create your account' });
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(create.getByLabel('First name')).toBeFocused();
  await expect(create.getByText('Password must be at least 6 characters long')).toBeVisible();

  await create.getByLabel('First name').fill(customer.firstName);
  await create.getByLabel('Last name').fill(customer.lastName);
  await create.getByLabel('Email').fill(customer.email);
  await create.getByLabel('Password').fill(customer.password);
  await create.getByLabel('Company (optional)').fill('Acme Plant Services');
  await create.getByLabel('Address').fill('12 Mill Road, Springfield, IL');
  await create.getByLabel('ZIP code').fill('62701');
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Account created!')).toBeVisible();
  await expect(create).toBeHidden();

  // Signed in: Orders appears in the header and the history is empty.
  await header.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Configure a label' }),
  ).toHaveAttribute('href', '/products');

  // Signed out: Orders leaves the header and /orders asks to sign in.
  await signOut(page);
  await expect(header.getByRole('link', { name: 'Orders' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sign in to see your orders' })).toBeVisible();

  // A wrong password is refused with the server's reason.
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  const signInDialog = page.getByRole('dialog', { name: 'Welcome back' });
  await signInDialog.getByLabel('Email').fill(customer.email);
  await signInDialog.getByLabel('Password').fill('not-my-password');
  await signInDialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();

  await signInDialog.getByLabel('Password').fill(customer.password);
  await signInDialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Orders' })).toBeVisible();

  // Change the password from the account menu.
  await header.getByRole('button', { name: /account menu for Ann Lee/i }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  const change = page.getByRole('dialog', { name: 'Change Password' });
  await expect(change.getByLabel('Current password')).toBeFocused();
  await change.getByLabel('Current password').fill(customer.password);
  await change.getByLabel('New password', { exact: true }).fill('second-pass-2');
  await change.getByLabel('Confirm new password').fill('second-pass-3');
  await change.getByRole('button', { name: 'Update Password' }).click();
  await expect(change.getByText("Passwords don't match")).toBeVisible();

  await change.getByLabel('Confirm new password').fill('second-pass-2');
  await change.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Password updated')).toBeVisible();
  await expect(change).toBeHidden();

  // The new password is the one that works now.
  await signOut(page);
  await header.getByRole('button', { name: 'Sign In' }).click();
  await signIn(page, customer.email, 'second-pass-2');
  await expect(header.getByRole('link', { name: 'Orders' })).toBeVisible();
});

test('the auth dialog traps focus, closes with Escape and gives focus back to the account button', async ({
  page,
}) => {
  await page.goto('/');
  const button = page.getByRole('banner').getByRole('button', { name: 'Sign In' });
  const dialog = page.getByRole('dialog', { name: 'Welcome back' });
  // The first opening fetches the account remote behind the shell's loading dialog.
  await button.click();
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await button.click();
  await expect(dialog.getByLabel('Email')).toBeFocused();
  // Tab stays inside: Password, Sign In, Close, then round to the tabs.
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

/**
 * Whether the element's centre shows the element itself, not a toast drawn over it. An open modal
 * dialog turns the page's pointer events off, which elementFromPoint skips: the toasts take them
 * back for the look.
 */
async function notCovered(target: Locator) {
  return target.evaluate((element) => {
    const toasts = document.querySelector<HTMLElement>('[data-testid="toast-viewport"]');
    const before = toasts?.style.pointerEvents ?? '';
    if (toasts) toasts.style.pointerEvents = 'auto';
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    if (toasts) toasts.style.pointerEvents = before;
    return hit !== null && element.contains(hit);
  });
}

/** The dialog's failure: its toast shown, and the dialog's title and close button still in sight. */
async function expectFailureBesideDialog(page: Page, dialog: Locator, title: string, said: string) {
  await expect(toast(page, title)).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(said);
  // A long form scrolls inside its dialog (focus went to the field in error): its top, shown again.
  await dialog.getByRole('heading').first().scrollIntoViewIfNeeded();
  // Checked while the toast shows (5 s): once it is gone, nothing covers anything.
  const whileShown = { timeout: 2_000 };
  await expect.poll(() => notCovered(dialog.getByRole('heading').first()), whileShown).toBe(true);
  await expect
    .poll(() => notCovered(dialog.getByRole('button', { name: 'Close' })), whileShown)
    .toBe(true);
  await expect(toast(page, title)).toBeVisible();
}

test("on a small phone, a dialog's failure toast leaves its title, close button and message in sight", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A small phone (iPhone SE): toasts show at the top, just under the header.
  await page.setViewportSize({ width: 375, height: 667 });
  const { email } = await signedInCustomer(page, 'phone');
  const customer = { email, password: CUSTOMER_PASSWORD, firstName: 'Ada', lastName: 'Lovelace' };
  const header = page.getByRole('banner');
  await page.reload();

  // Change Password with a wrong current password.
  await header.getByRole('button', { name: /account menu for Ada Lovelace/i }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  const change = page.getByRole('dialog', { name: 'Change Password' });
  await change.getByLabel('Current password').fill('not-my-password');
  await change.getByLabel('New password', { exact: true }).fill('second-pass-2');
  await change.getByLabel('Confirm new password').fill('second-pass-2');
  await change.getByRole('button', { name: 'Update Password' }).click();
  await expectFailureBesideDialog(
    page,
    change,
    'Password change failed',
    'Password change failed: Current password is incorrect',
  );
  await screenshot(page, 'account', 'change-password-failed', { fullPage: false });
  await change.getByRole('button', { name: 'Close' }).click();
  await signOut(page);

  // Sign In with a wrong password.
  await header.getByRole('button', { name: 'Sign In' }).click();
  const signInDialog = page.getByRole('dialog', { name: 'Welcome back' });
  await signInDialog.getByLabel('Email').fill(customer.email);
  await signInDialog.getByLabel('Password').fill('not-my-password');
  await signInDialog.getByRole('button', { name: 'Sign In' }).click();
  await expectFailureBesideDialog(
    page,
    signInDialog,
    'Login failed',
    'Login failed: Invalid email or password',
  );
  await screenshot(page, 'account', 'sign-in-failed', { fullPage: false });

  // Create Account with the email of an account that exists.
  await signInDialog.getByRole('tab', { name: 'Create Account' }).click();
  const create = page.getByRole('dialog', { name: 'Create your account' });
  await create.getByLabel('First name').fill(customer.firstName);
  await create.getByLabel('Last name').fill(customer.lastName);
  await create.getByLabel('Email').fill(customer.email);
  await create.getByLabel('Password').fill(customer.password);
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expectFailureBesideDialog(
    page,
    create,
    'Registration failed',
    'Registration failed: Failed to create account',
  );
  await screenshot(page, 'account', 'create-account-failed', { fullPage: false });
});
