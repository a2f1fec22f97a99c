import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helpers shared with `npm start`
import { freePort } from '../../scripts/lib/ports.mjs';
import { readStackState } from '../support/stack-state.ts';
import { trackRequests } from '../support/network.ts';

// The shell's pages that depend on nobody's session (landing, contact, 404) arrive as HTML rendered at
// build time, which the browser hydrates as it is (docs/architecture.md "A prerendered page"); every
// other route arrives with the layout and the skeleton its remote fills.

const PAGES = [
  {
    path: '/',
    status: 200,
    heading: 'Professional Custom Equipment Labels',
    text: 'High-quality indoor and outdoor equipment labels tailored to your exact specifications.',
    title: 'Custom Engraved Equipment Labels',
  },
  {
    path: '/contact',
    status: 200,
    heading: 'Contact Us',
    text: 'Have questions or need a custom quote?',
    title: 'Contact | Custom Engraved Equipment Labels',
  },
  {
    path: '/no-such-page/at/all',
    status: 404,
    heading: 'Page not found',
    text: 'We could not find that page.',
    title: 'Page not found | Custom Engraved Equipment Labels',
  },
];

/** Every console error and warning, and every uncaught error (React reports hydration failures so). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The 404 page's own status, which Chromium reports for the document.
    const ownStatus =
      /^Failed to load resource: .* 404/.test(message.text()) &&
      message.location().url === page.url();
    if ((message.type() === 'error' || message.type() === 'warning') && !ownStatus) {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The class names of every element in main, in document order. */
function classesIn(page: Page): Promise<string[]> {
  return page
    .locator('main')
    .evaluate((main) =>
      [main, ...main.querySelectorAll('*')].map((element) => element.getAttribute('class') ?? ''),
    );
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, status, heading, text, title } of PAGES) {
    test(`${path} arrives with its heading, text and title in the HTML (status ${status})`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response!.status()).toBe(status);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('main')).toContainText(text);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('link', { name: /^Engraved Labels\b.*\bhome$/ })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('Engraved Labels');
    });
  }

  test('the contact page shows the run-time contact details and cannot be sent before it runs', async ({
    page,
  }) => {
    const { contact } = await (await page.request.get('/config.json')).json();
    await page.goto('/contact');
    await expect(page.getByRole('main').getByRole('link', { name: contact.phone })).toHaveAttribute(
      'href',
      `tel:${contact.phone.replace(/(?!^\+)[^\d]/g, '')}`,
    );
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled();
  });

  // The routes whose skeleton draws the remote page's own top: its largest text is in the first paint.
  const TOPS = [
    {
      path: '/products',
      heading: 'Configure Your Custom Label',
      text: 'Choose a material, set the size',
    },
    { path: '/cart', heading: 'Shopping Cart', text: "Check each label's material, size, text" },
    { path: '/checkout', heading: 'Checkout', text: 'Tell us who you are and where to send' },
  ];
  for (const { path, heading, text } of TOPS) {
    test(`${path} arrives with the header, its page's heading and intro over a skeleton, and the footer`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response!.status()).toBe(200);
      await expect(page.getByTestId('page-skeleton')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('main')).toContainText(text);
      await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }

  test('any other remote route arrives with the header, a plain skeleton and the footer', async ({
    page,
  }) => {
    const response = await page.goto('/orders/lookup');
    expect(response!.status()).toBe(200);
    await expect(page.getByTestId('page-skeleton')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});

for (const { path, heading } of PAGES) {
  test(`${path} hydrates without a console error or warning, with the classes the app renders`, async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.waitForLoadState('networkidle');
    // The service worker, registered once the page has shown, installs first: its download of the
    // shell's scripts is not the page's, and overlapping the requests watched below it never let
    // them go quiet (a CI run on 2026-12-06).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Hydration keeps the server's markup: it must be what the app itself draws at that path, classes
    // (styled-components' names) included. Drawn again by the app from another page, it is compared.
    const prerendered = await classesIn(page);
    if (path === '/') {
      await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    } else {
      await page.getByRole('link', { name: /^Engraved Labels\b.*\bhome$/ }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES[0]!.heading);
    }
    const requests = trackRequests(page);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await requests.quiet();
    expect(await classesIn(page)).toEqual(prerendered);
    expect(problems).toEqual([]);
  });
}

test('after hydration the contact form sends and the links navigate', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Enquiry form' });
  await form.getByLabel('Name').fill('Grace Hopper');
  await form.getByLabel('Email').fill('grace@example.com');
  await form
    .getByLabel('Message', { exact: false })
    .first()
    .fill('Twelve phenolic labels, 3 by 2 inches, for a switchgear panel, please.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent', { exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Configure Your Label' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.locator('[data-remote="configurator"]').first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('signed out, the header fills in Sign In and the cart count after hydration', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, empty' })).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveText('0');
});

test('a shell server with other contact details shows them in the prerendered pages, which still hydrate', async ({
  page,
}) => {
  // A second shell server over the same build, as an operator would start it with the shop's own details.
  const { env } = readStackState();
  const port: number = await freePort();
  const root = path.resolve(import.meta.dirname, '../..');
  const shell = spawn(process.execPath, [path.join(root, 'shell/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      SHELL_PORT: String(port),
      SHOP_PHONE: '312 555 0100',
      SHOP_EMAIL: 'hello@labels.example',
    },
    stdio: 'ignore',
  });
  try {
    const base = `http://localhost:${port}`;
    await expect
      .poll(
        async () =>
          fetch(`${base}/contact`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 20_000 },
      )
      .toBe(200);
    const html = await (await fetch(`${base}/contact`)).text();
    expect(html).toContain('href="tel:3125550100"');
    expect(html).toContain('hello@');
    expect(html).not.toContain('010-4477');

    const problems = watchConsole(page);
    await page.goto(`${base}/`);
    const contact = page.locator('section#contact');
    await expect(contact.getByRole('link', { name: /312 555 0100/ })).toHaveAttribute(
      'href',
      'tel:3125550100',
    );
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  } finally {
    shell.kill();
  }
});
