import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_PRODUCT_CONFIG } from '../../contracts/src/testing.ts';

// The shell's header: its links signed out and signed in, the cart badge, the account button (the
// account remote's auth dialog signed out, the account menu signed in) and the mobile menu.

const LABEL = {
  ...SAMPLE_PRODUCT_CONFIG,
  customText: 'PUMP 2',
  quantity: 1,
  files: [],
};

async function guestSessionId(page: Page): Promise<string> {
  const id = await page.evaluate(() => localStorage.getItem('guest-session-id'));
  expect(id).toMatch(/^guest-\d+-[a-z0-9]+$/);
  return id!;
}

/** Registers through the API in the page's own browser context, so the page is signed in after a reload. */
async function signInThroughApi(page: Page, { admin = false } = {}) {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const customer = {
    email: `shell-${id}@example.com`,
    password: 'shell-pass-1',
    firstName: 'Rosa',
    lastName: 'Diaz',
    phone: '',
    company: '',
    address: '5 Harbor Way, Portland, OR',
    zipCode: '97201',
  };
  const sessionId = await guestSessionId(page);
  const registered = await page.request.post('/api/auth/register', {
    data: customer,
    headers: { 'x-session-id': sessionId },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  if (admin) {
    const granted = await page.request.post('/api/admin/make-admin', {
      data: { secret: 'e2e-admin-secret' },
      headers: { 'x-session-id': sessionId, authorization: 'Bearer e2e-admin-secret' },
    });
    expect(granted.ok(), await granted.text()).toBe(true);
  }
  await page.reload();
  return customer;
}

function mainNavLinks(page: Page) {
  return page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link');
}

test('signed out, the header links Home, Products, Cart and Contact, shows the cart and offers Sign In', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(mainNavLinks(page)).toHaveText(['Home', 'Products', 'Cart', 'Contact']);
  await expect(header.getByRole('link', { name: 'Orders' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Cart, empty' })).toHaveAttribute('href', '/cart');
  await expect(header.getByRole('button', { name: 'Sign In' })).toBeVisible();

  for (const [name, url, heading] of [
    ['Products', /\/products$/, /Configure/],
    ['Contact', /\/contact$/, 'Contact Us'],
    ['Home', /\/$/, 'Professional Custom Equipment Labels'],
  ] as const) {
    await mainNavLinks(page).filter({ hasText: name }).click();
    await expect(page).toHaveURL(url);
    await expect(
      page.getByRole('main').getByRole('heading', { level: 1, name: heading }),
    ).toBeVisible();
    await expect(mainNavLinks(page).filter({ hasText: name })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
});

test("Sign In in the header opens the account remote's auth dialog, which Escape closes", async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome back' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Create Account' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeFocused();
});

test('signed in, Orders joins the links and the account menu offers My Account, Order History, Change Password and Sign Out', async ({
  page,
}) => {
  await page.goto('/');
  await signInThroughApi(page);
  const header = page.getByRole('banner');
  await expect(mainNavLinks(page)).toHaveText(['Home', 'Products', 'Cart', 'Contact', 'Orders']);

  const account = header.getByRole('button', { name: /account menu for Rosa Diaz$/i });
  await account.click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'My Account',
    'Order History',
    'Change Password',
    'Sign Out',
  ]);
  await page.getByRole('menuitem', { name: 'Order History' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  // The shell moves focus to the new page's heading once the account remote has drawn it.
  await expect(page.locator('main h1')).toBeFocused();

  // Keyboard: the menu opens with Enter and its items are reached with the arrow keys.
  await account.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'My Account' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Order History' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /Change (your )?password/i })).toBeVisible();
  await page.keyboard.press('Escape');

  await account.click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(header.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(mainNavLinks(page)).toHaveText(['Home', 'Products', 'Cart', 'Contact']);
  await page.reload();
  await expect(header.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('signing out in one tab signs the shop out in the others: their header offers Sign In', async ({
  page,
}) => {
  await page.goto('/');
  await signInThroughApi(page);
  const other = await page.context().newPage();
  await other.goto('/products');
  const otherHeader = other.getByRole('banner');
  await expect(
    otherHeader.getByRole('button', { name: /account menu for Rosa Diaz$/i }),
  ).toBeVisible();

  await page
    .getByRole('banner')
    .getByRole('button', { name: /account menu for Rosa Diaz$/i })
    .click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  // The other tab was told: it reads who is signed in again, without a reload.
  await expect(otherHeader.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(mainNavLinks(other)).toHaveText(['Home', 'Products', 'Cart', 'Contact']);
  await other.close();
});

test('an admin also gets Admin Panel in the account menu', async ({ page }) => {
  await page.goto('/');
  await signInThroughApi(page, { admin: true });
  await page
    .getByRole('banner')
    .getByRole('button', { name: /account menu for Rosa Diaz$/i })
    .click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'My Account',
    'Order History',
    'Admin Panel',
    'Change Password',
    'Sign Out',
  ]);
  await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('the cart badge shows the cart read at start', async ({ page }) => {
  await page.goto('/');
  const sessionId = await guestSessionId(page);
  const added = await page.request.post('/api/cart', {
    data: { ...LABEL, quantity: 4 },
    headers: { 'x-session-id': sessionId },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await page.reload();
  // itemCount counts labels (quantities), as GET /api/cart answers it.
  await expect(page.getByTestId('cart-badge')).toHaveText('4');
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Cart, 4 labels' }),
  ).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('the menu button opens the links by touch, and a link closes it', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menuButton = header.getByRole('button', { name: 'Open menu' });
    await menuButton.tap();
    const menu = header.getByRole('navigation', { name: 'Main' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(['Home', 'Products', 'Cart', 'Contact']);
    await expect(header.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await menu.getByRole('link', { name: 'Contact' }).tap();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(menu).toBeHidden();
    await expect(
      header.getByRole('link', { name: /^Cart, (empty|[\d,]+ labels?)$/ }),
    ).toBeVisible();
    await expect(header.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('the menu works from the keyboard and Escape closes it', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const menuButton = header.getByRole('button', { name: 'Open menu' });
    // The prerendered button is disabled until the app runs (focus, unlike a click, does not wait).
    await expect(menuButton).toBeEnabled();
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = header.getByRole('navigation', { name: 'Main' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test.describe('with the account remote down', () => {
  // The service worker is kept out so the blocked requests are the page's own.
  test.use({ serviceWorkers: 'block' });

  test('Sign In says sign-in is unavailable, and the rest of the header keeps working', async ({
    page,
  }) => {
    const config = await (await page.request.get('/config.json')).json();
    const accountOrigin = new URL(config.remotes.account).origin;
    await page.route(`${accountOrigin}/**`, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const fallback = page.getByRole('dialog', { name: 'Sign in is unavailable right now' });
    await expect(fallback).toBeVisible();
    await fallback.getByRole('button', { name: 'Close' }).click();
    await expect(fallback).toBeHidden();

    await mainNavLinks(page).filter({ hasText: 'Contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await page.goto('/orders');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: /order history is unavailable/i }),
    ).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('link', { name: /^Cart, (empty|[\d,]+ labels?)$/ }),
    ).toBeVisible();
  });
});
