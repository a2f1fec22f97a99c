import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

// What the end-to-end specs do through the API to set a scene (a guest session, an admin, a call that
// must succeed), so each spec drives in the browser only what it is about.

/** A value no other test or run uses (emails, codes). */
export function unique(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Opens the shop and answers the guest session id the page made for this browser. */
export async function sessionIdOf(page: Page): Promise<string> {
  await page.goto('/');
  const sessionId = await page.evaluate(() => localStorage.getItem('guest-session-id'));
  expect(sessionId).toMatch(/^guest-\d+-[a-z0-9]+$/);
  return sessionId!;
}

/** A POST as that guest session (and the context's cookie) that must succeed; answers its JSON. */
export async function post(api: APIRequestContext, sessionId: string, url: string, data: unknown) {
  const response = await api.post(url, { data, headers: { 'x-session-id': sessionId } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

/** An admin in a browser of its own, signed in through the API (the cookie is the context's). */
export async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const sessionId = await sessionIdOf(page);
  await post(page.request, sessionId, '/api/auth/register', {
    email: `${unique('admin')}@example.com`,
    password: 'admin-password-1',
    firstName: 'Grace',
    lastName: 'Hopper',
  });
  const granted = await page.request.post('/api/admin/make-admin', {
    data: { secret: 'e2e-admin-secret' },
    headers: { 'x-session-id': sessionId, authorization: 'Bearer e2e-admin-secret' },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Orders' })).toBeVisible({ timeout: 15_000 });
  return page;
}
