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

/** The password of signedInCustomer's customers. */
export const CUSTOMER_PASSWORD = 'customer-pass-1';

/** A new customer, signed in on the page's session through the API (the cookie is the context's). */
export async function signedInCustomer(page: Page, prefix = 'customer') {
  const sessionId = await sessionIdOf(page);
  const email = `${unique(prefix)}@example.com`;
  await post(page.request, sessionId, '/api/auth/register', {
    email,
    password: CUSTOMER_PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  return { sessionId, email };
}

/** A POST as that guest session (and the context's cookie) that must succeed; answers its JSON. */
export async function post(api: APIRequestContext, sessionId: string, url: string, data: unknown) {
  const response = await api.post(url, { data, headers: { 'x-session-id': sessionId } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

/** Makes the page's guest session a new admin, through the API (the cookie is the context's). */
export async function becomeAdmin(page: Page, sessionId: string) {
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
}

/** An admin in a browser of its own, signed in through the API (the cookie is the context's). */
export async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await becomeAdmin(page, await sessionIdOf(page));
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Orders' })).toBeVisible({ timeout: 15_000 });
  return page;
}

export interface OutboxMessage {
  to: string;
  kind: string;
  text: string;
}

/** The newest 50 messages of the outbox, read by an admin of its own in a browser of its own. */
export async function outboxMessages(browser: Browser, baseURL: string): Promise<OutboxMessage[]> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const sessionId = await sessionIdOf(page);
  await becomeAdmin(page, sessionId);
  const outbox = await page.request.get('/api/admin/outbox?limit=50', {
    headers: { 'x-session-id': sessionId },
  });
  expect(outbox.status(), await outbox.text()).toBe(200);
  const { messages } = (await outbox.json()) as { messages: OutboxMessage[] };
  await context.close();
  return messages;
}

/** The link of the newest message to `to` with a `/<path>?token=` link in the outbox (mail is queued). */
export async function linkFromOutbox(browser: Browser, baseURL: string, to: string, path: string) {
  let link: string | undefined;
  await expect(async () => {
    const message = (await outboxMessages(browser, baseURL)).find(
      (mail) => mail.to === to && mail.text.includes(`/${path}?token=`),
    );
    link = new RegExp(`/${path}\\?token=[A-Za-z0-9_-]{43}`).exec(message?.text ?? '')?.[0];
    expect(link).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return link!;
}

export interface PaidOrderOptions {
  label: unknown;
  customerInfo: Record<string, string>;
  /** Straight to processing, for tests that are not about the proof step. */
  skipProof?: boolean;
}

/** A paid order of the session's cart with one label, placed and paid through the API (the sandbox card). */
export async function paidOrder(
  page: Page,
  sessionId: string,
  { label, customerInfo, skipProof }: PaidOrderOptions,
) {
  await post(page.request, sessionId, '/api/cart', label);
  const order = (await post(page.request, sessionId, '/api/orders', {
    customerInfo,
    ...(skipProof ? { skipProof } : {}),
  })) as { orderId: string; orderNumber: number; total: number };
  await post(page.request, sessionId, '/api/payment/complete', {
    orderId: order.orderId,
    paymentId: 'cnon:card-nonce-ok',
    customerName: `${customerInfo.firstName} ${customerInfo.lastName}`,
    customerEmail: customerInfo.email,
    customerPhone: null,
    customerCompany: null,
    customerAddress: null,
    customerZipCode: null,
  });
  return order;
}
