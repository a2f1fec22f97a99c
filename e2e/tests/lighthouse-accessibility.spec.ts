// Lighthouse's accessibility category (axe-core's rules as Lighthouse weighs them) must score 100 on the
// shopper's main pages. Only that category runs: it does not time anything, so it is fast and does not
// depend on the machine's speed. Lighthouse comes from the npm registry through npx, pinned, as
// `npm run lighthouse` uses it. The screens a URL alone does not open (a declined card at checkout, the
// order's confirmation) are checked in the test's own browser with axe-core, at a phone's width and a
// desktop's.
import AxeBuilder from '@axe-core/playwright';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import {
  SAMPLE_CHECKOUT_FIELDS,
  SAMPLE_CUSTOMER_INFO,
  SAMPLE_PRODUCT_CONFIG,
} from '../../contracts/src/testing.ts';
// @ts-expect-error plain ESM helpers shared with `npm run lighthouse`
import { CHROMIUM_PATH, LIGHTHOUSE_CHROME_FLAGS } from '../../scripts/lib/chromium.mjs';
import { DESKTOP, PHONE } from '../support/screenshots';
import { paidOrder, sessionIdOf, signedInCustomer } from '../support/shop-api';
import { readStackState } from '../support/stack-state.ts';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const run = promisify(execFile);

interface Report {
  categories: { accessibility: { score: number } };
  audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }>;
}

for (const route of ['/', '/products', '/cart', '/checkout']) {
  test(`Lighthouse accessibility is 100 on ${route}`, async () => {
    test.setTimeout(120_000);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-a11y-'));
    try {
      const out = path.join(dir, 'report.json');
      await run(
        'npx',
        [
          '-y',
          LIGHTHOUSE,
          `${readStackState().urls.shell}${route}`,
          '--quiet',
          '--only-categories=accessibility',
          // The report's picture of the whole page, which no audit of this category reads; each
          // run ends 4 to 5 s sooner here without it (12.3 -> 7.5 s on /products).
          '--disable-full-page-screenshot',
          '--output=json',
          `--output-path=${out}`,
          `--chrome-flags=${LIGHTHOUSE_CHROME_FLAGS.join(' ')}`,
        ],
        {
          env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
          timeout: 110_000,
        },
      );
      const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
      const score = Math.round(report.categories.accessibility.score * 100);
      const failing = Object.values(report.audits)
        .filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0)
        .map((a) => a.title);
      expect(
        score,
        `Lighthouse accessibility on ${route}: ${score} (budget 100); failing: ${failing.join('; ')}`,
      ).toBe(100);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

/**
 * axe-core's findings on the page as it is, at a phone's width then a desktop's, one line each. All
 * rules, label-content-name-mismatch included (WCAG 2.5.3: the header's brand link and signed-in
 * account button are named by the words they show, the tagline and the initials among them).
 */
async function axeFindings(page: Page): Promise<string[]> {
  const findings: string[] = [];
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const violation of violations)
      for (const node of violation.nodes)
        findings.push(
          `${viewport.width}px ${violation.id}: ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
        );
  }
  return findings;
}

test('axe-core finds nothing on a declined card at checkout and on the order confirmation', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sessionId = await sessionIdOf(page);
  const added = await page.request.post('/api/cart', {
    data: { ...SAMPLE_PRODUCT_CONFIG, customText: 'PUMP 3', quantity: 2, files: [] },
    headers: { 'x-session-id': sessionId },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/checkout');
  const checkout = page.locator('[data-remote="cart_checkout"]');
  const pay = checkout.getByRole('button', { name: /^Complete Payment/ });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  for (const [label, value] of Object.entries(SAMPLE_CHECKOUT_FIELDS))
    await checkout.getByRole('textbox', { name: label, exact: true }).fill(value);
  const card = page.frameLocator('iframe[title="Secure card payment form"]');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVV').fill('123');
  await card.getByLabel('Postal code').fill('60601');

  await card.getByLabel('Card number').fill('4000 0000 0000 0002');
  await pay.click();
  await expect(checkout.getByTestId('payment-failure')).toContainText('Payment Failed', {
    timeout: 15_000,
  });
  expect(await axeFindings(page)).toEqual([]);

  await card.getByLabel('Card number').fill('4111 1111 1111 1111');
  await pay.click();
  await expect(page).toHaveURL(/\/confirmation\/[0-9a-f]{24}$/, { timeout: 20_000 });
  await expect(checkout.getByTestId('order-number')).toHaveText(/^#\d{4,}$/);
  expect(await axeFindings(page)).toEqual([]);
});

test('axe-core finds nothing on the main screens, signed out and signed in, at a phone’s width and a desktop’s', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const findings: string[] = [];
  const check = async (screen: string) => {
    for (const finding of await axeFindings(page)) findings.push(`${screen}: ${finding}`);
  };
  const configurator = page.locator('[data-remote="configurator"]');
  const header = page.getByRole('banner');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check('landing');
  await page.goto('/products');
  await configurator.getByText('Indoor', { exact: true }).click();
  await expect(configurator.getByRole('radio', { name: /Indoor/ })).toBeChecked();
  // Once the price is quoted: while it is, the prices are dimmed (order-summary.tsx).
  await expect(configurator.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  await check('/products, a material chosen');
  await header.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Welcome back' }).getByLabel('Email'),
  ).toBeFocused();
  await check('the sign-in dialog');
  await page.keyboard.press('Escape');

  // Signed in (the header's account button shows the initials), with a line in the cart and an order.
  const { sessionId, email } = await signedInCustomer(page, 'axe');
  const order = await paidOrder(page, sessionId, {
    label: SAMPLE_PRODUCT_CONFIG,
    customerInfo: { ...SAMPLE_CUSTOMER_INFO, email },
    skipProof: true,
  });
  const added = await page.request.post('/api/cart', {
    data: { ...SAMPLE_PRODUCT_CONFIG, customText: 'PUMP 3', quantity: 2, files: [] },
    headers: { 'x-session-id': sessionId },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/cart');
  await expect(
    page.locator('[data-remote="cart_checkout"]').getByText('PUMP 3').first(),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(
    header.getByRole('button', { name: /^AL\b.*account menu for Ada Lovelace$/ }),
  ).toBeVisible();
  await check('/cart with a line, signed in');
  await page.goto('/checkout');
  await expect(
    page
      .locator('[data-remote="cart_checkout"]')
      .getByRole('button', { name: /^Complete Payment/ }),
  ).toBeEnabled({ timeout: 15_000 });
  await check('/checkout');
  await page.goto('/orders');
  await expect(page.getByRole('link', { name: `Order #${order.orderNumber}` })).toBeVisible({
    timeout: 15_000,
  });
  await check('/orders');
  await page.goto(`/orders/${order.orderNumber}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Order #${order.orderNumber}` }),
  ).toBeVisible({ timeout: 15_000 });
  await check('an order');
  await page.goto('/account');
  await expect(page.locator('[data-remote="account"]').getByLabel('First name')).toHaveValue(
    'Ada',
    {
      timeout: 15_000,
    },
  );
  await check('the account page');
  expect(findings).toEqual([]);
});
