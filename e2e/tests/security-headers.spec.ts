import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request, test, type Page } from '@playwright/test';
import { SAMPLE_CHECKOUT_FIELDS, SAMPLE_PRODUCT_CONFIG } from '../../contracts/src/testing.ts';
import { trackRequests } from '../support/network.ts';

// Every page of the shop carries a Content-Security-Policy (with frame-ancestors 'none'), nosniff,
// a Referrer-Policy and a Permissions-Policy, and the shop works under them: each route, the remotes
// from their own origins, the sandbox card frame and a paid checkout, with no violation reported.

const CSP_PROBLEM =
  /Content Security Policy|CSP violation|Refused to (load|execute|frame|connect|apply|create)/i;

/** Collects every CSP violation the page reports, from the console and from the DOM event. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (CSP_PROBLEM.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return violations;
}

function newGuestId(): string {
  return `guest-${Date.now()}-e2esec${Math.random().toString(36).slice(2, 10)}`;
}

/** Signs this page's browser in as a new admin (the API calls share the page's cookies). */
async function signInAsAdmin(page: Page) {
  const headers = { 'x-session-id': newGuestId() };
  const email = `sec-admin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await page.request.post('/api/auth/register', {
    headers,
    data: { email, password: 'admin-password-1', firstName: 'Sec', lastName: 'Admin' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const secret = 'e2e-admin-secret';
  const granted = await page.request.post('/api/admin/make-admin', {
    headers: { ...headers, authorization: `Bearer ${secret}` },
    data: { secret },
  });
  expect(granted.status(), await granted.text()).toBe(200);
}

const ROUTES: Array<[string, RegExp]> = [
  ['/', /Custom Engraved/i],
  ['/products', /./],
  ['/cart', /./],
  ['/checkout', /./],
  ['/contact', /./],
  ['/orders', /./],
  ['/admin', /./],
  ['/admin-setup', /./],
  ['/no-such-page', /./],
];

test('every route answers with the security headers and loads without a CSP violation', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const violations = await watchCsp(page);
  for (const [route] of ROUTES) {
    const response = await page.goto(route);
    const headers = response!.headers();
    expect(headers['content-security-policy'], route).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], route).toContain("object-src 'none'");
    expect(headers['x-frame-options'], route).toBe('DENY');
    expect(headers['x-content-type-options'], route).toBe('nosniff');
    expect(headers['referrer-policy'], route).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], route).toContain('camera=()');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main').first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test('signed in as admin, the admin tables load without a CSP violation and show script as text', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // A customer and a discount code whose text is script, as an attacker would enter them.
  const script = '<img src=x onerror="window.__xss=1">';
  const headers = { 'x-session-id': newGuestId() };
  const attacker = await request.newContext({ baseURL, extraHTTPHeaders: headers });
  const registered = await attacker.post('/api/auth/register', {
    data: {
      email: `xss-${Date.now()}@example.com`,
      password: 'attacker-password',
      firstName: script,
      lastName: '<script>window.__xss=3</script>',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await attacker.dispose();
  const violations = await watchCsp(page);
  await signInAsAdmin(page);
  const created = await page.request.post('/api/admin/discount-codes', {
    headers,
    data: {
      code: `XSS${Date.now().toString(36).toUpperCase()}`,
      type: 'fixed',
      value: 1,
      description: `<script>window.__xss=2</script>${script}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Dashboard', selected: true })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('tab', { name: 'Discount Codes' }).click();
  await expect(page.getByText(`<script>window.__xss=2</script>${script}`)).toBeVisible();
  const requests = trackRequests(page);
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page.getByText(script).first()).toBeVisible();
  await expect(page.getByText('<script>window.__xss=3</script>').first()).toBeVisible();
  await requests.quiet();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(violations).toEqual([]);
});

test('a guest pays with the sandbox card frame under the policy and reaches the confirmation', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const violations = await watchCsp(page);
  await page.goto('/');
  const sessionId = await page.evaluate(() => localStorage.getItem('guest-session-id'));
  const added = await page.request.post('/api/cart', {
    headers: { 'x-session-id': sessionId! },
    data: {
      ...SAMPLE_PRODUCT_CONFIG,
      customText: 'CSP 1',
      quantity: 1,
      files: [],
    },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto('/checkout');
  const checkout = page.locator('[data-remote="cart_checkout"]');
  const pay = checkout.getByRole('button', { name: 'Complete Payment' });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  for (const [label, value] of Object.entries(SAMPLE_CHECKOUT_FIELDS)) {
    await checkout.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  const card = page.frameLocator('iframe[title="Secure card payment form"]');
  await card.getByLabel('Card number').fill('4111 1111 1111 1111');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVV').fill('123');
  await card.getByLabel('Postal code').fill('60601');
  await pay.click();
  await expect(page).toHaveURL(/\/confirmation\/[0-9a-f]{24}$/, { timeout: 20_000 });
  await expect(page.getByText('Thank you for your order!')).toBeVisible();
  expect(violations).toEqual([]);
});

test('a foreign page cannot frame /admin or /checkout', async ({ page, baseURL }) => {
  // A page of another origin on this machine (a server of the test's own, as a local attacker's
  // site would be), framing the shop's pages.
  const shop = new URL(baseURL!);
  const foreign = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Foreign</title>
      <iframe name="admin" src="${shop.origin}/admin"></iframe>
      <iframe name="checkout" src="${shop.origin}/checkout"></iframe>`);
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
    await page.waitForLoadState('load');
    for (const name of ['admin', 'checkout']) {
      const frame = page.frame({ name });
      expect(frame, name).not.toBeNull();
      // Refused by frame-ancestors, the frame holds the browser's error page, not the shop.
      const shopRendered = await frame!.evaluate(
        () => document.querySelector('#root, [data-remote], header') !== null,
      );
      expect(shopRendered, `${name} at ${frame!.url()}`).toBe(false);
    }
  } finally {
    foreign.close();
  }
});
