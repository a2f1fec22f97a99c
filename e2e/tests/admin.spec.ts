import { expect, test, type Page } from '@playwright/test';
import { screenshots } from '../support/screenshots';

// The admin remote: the gate, the secret at /admin-setup (global setup starts the API with
// ADMIN_SECRET=e2e-admin-secret), and the discount codes table.
const ADMIN_SECRET = 'e2e-admin-secret';

async function registerCustomer(page: Page) {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `admin-${id}@example.com`;
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page
    .getByRole('dialog', { name: 'Welcome back' })
    .getByRole('tab', { name: 'Create Account' })
    .click();
  const create = page.getByRole('dialog', { name: 'Create your account' });
  await create.getByLabel('First name').fill('Dana');
  await create.getByLabel('Last name').fill('Park');
  await create.getByLabel('Email').fill(email);
  await create.getByLabel('Password').fill('admin-pass-1');
  await create.getByLabel('Address').fill('1 Factory Lane, Dayton, OH');
  await create.getByLabel('ZIP code').fill('45402');
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created!', { exact: true })).toBeVisible();
  await expect(create).toBeHidden();
  return {
    email,
    code: `E2E-${id
      .replace(/[^a-z0-9]/gi, '')
      .slice(-10)
      .toUpperCase()}`,
  };
}

test('a guest at /admin is denied and asked to sign in', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Discount Codes' })).toHaveCount(0);
});

test('a non-admin is denied, grants admin at /admin-setup, then creates a discount code', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { email, code } = await registerCustomer(page);
  const header = page.getByRole('banner');

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Discount Codes' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Go to Admin Setup' }).click();
  await expect(page).toHaveURL(/\/admin-setup$/);
  await expect(
    page.getByText(/rate-limited to 3 attempts per 15\s+minutes, and every attempt is logged/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Grant Admin Access' }).click();
  await expect(page.getByText('Please enter the admin secret key')).toBeVisible();

  await page.getByLabel('Admin secret key').fill(ADMIN_SECRET);
  await page.getByRole('button', { name: 'Grant Admin Access' }).click();
  await expect(page.getByText('Admin access granted', { exact: true })).toBeVisible();
  // Two seconds later the panel opens on its own.
  await expect(page).toHaveURL(/\/admin$/, { timeout: 6_000 });
  // The panel opens on the Dashboard.
  await expect(page.getByRole('tab', { name: 'Dashboard', selected: true })).toBeVisible();

  // The header's account menu now offers the Admin Panel.
  await header.getByRole('button', { name: /account menu for/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Create a discount code; the form upper-cases what is typed.
  await page.getByRole('tab', { name: 'Discount Codes' }).click();
  await page.getByRole('button', { name: 'Add Discount Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Discount Code' });
  await expect(dialog.getByLabel('Code', { exact: true })).toBeFocused();
  await dialog.getByLabel('Code', { exact: true }).pressSequentially(code.toLowerCase());
  await expect(dialog.getByLabel('Code', { exact: true })).toHaveValue(code);
  await dialog.getByLabel('Value (%)').fill('10');
  // Amounts and counts typed as the shop prints them.
  await dialog.getByLabel('Minimum order ($)').fill('$1,020.50');
  await dialog.getByLabel('Usage limit').fill(' 1,000 ');
  await dialog.getByLabel(/Description/).fill('End-to-end test code');
  await dialog.getByRole('button', { name: 'Create Discount' }).click();
  await expect(page.getByText('Discount created', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(code) }) });
  await expect(row).toContainText('10% off');
  await expect(row).toContainText('$1,020.50');
  await expect(row).toContainText('0 / 1,000');
  await expect(row).toContainText('Active');

  // A failure's toast shown over the open dialog: its Close button works and the dialog stays.
  await page.getByRole('button', { name: 'Add Discount Code' }).click();
  await dialog.getByLabel('Code', { exact: true }).fill(code);
  await dialog.getByLabel('Value (%)').fill('5');
  const create = dialog.getByRole('button', { name: 'Create Discount' });
  await create.click();
  const failure = page.getByTestId('toast').filter({ hasText: 'Save failed' });
  await expect(failure).toBeVisible();
  await failure.getByRole('button', { name: 'Close' }).click();
  await expect(failure).toBeHidden();
  await expect(dialog).toBeVisible();
  // From the keyboard: F8 reaches the toast, Escape there closes the toast and focus is back in the
  // dialog; Escape in the dialog closes the dialog.
  await create.click();
  await expect(failure).toBeVisible();
  await page.keyboard.press('F8');
  await expect(page.getByTestId('toast-viewport')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(failure).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await create.click();
  await expect(failure).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The customer list shows this admin, whose account cannot be deleted.
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page.getByRole('button', { name: `Delete ${email}`, exact: true })).toBeDisabled();
  // A whole email finds that one customer, however it is typed.
  await page.getByRole('searchbox', { name: 'Search' }).fill(email.toUpperCase());
  const rows = page.getByRole('region', { name: 'Customers' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(email);

  // On a phone the sections' tabs keep one row that scrolls sideways, the selected one in sight,
  // however it was selected (here by an order's address, which opens the Orders tab).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin?order=1');
  const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
  await expect(page.getByRole('tab', { name: 'Orders', selected: true })).toBeInViewport({
    ratio: 1,
  });
  const tops = await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  await page.getByRole('tab', { name: 'Orders' }).focus();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Releases', selected: true })).toBeInViewport({
    ratio: 1,
  });
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Dashboard', selected: true })).toBeInViewport({
    ratio: 1,
  });
  await screenshots(page, 'admin', 'tabs');
});
