import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helpers shared with `npm start`
import { freePort } from '../../scripts/lib/ports.mjs';
import { sidewaysOverflow } from '../support/layout';
import { readStackState } from '../support/stack-state.ts';

// The shell's own pages: the landing page's exact copy (docs/product.md sections 1 and 2), the 404 page and the
// debug pages (present outside production only).

async function shopContact(page: Page): Promise<{ phone: string; email: string }> {
  const config = await (await page.request.get('/config.json')).json();
  return config.contact;
}

test('the landing page has the exact copy and links of the specification', async ({ page }) => {
  const { phone, email } = await shopContact(page);
  await page.goto('/');
  const main = page.getByRole('main');

  await expect(main.getByRole('heading', { level: 1 })).toHaveText(
    'Professional Custom Equipment Labels',
  );
  await expect(
    main.getByText(
      'High-quality indoor and outdoor equipment labels tailored to your exact specifications. Choose from premium materials and customize every detail.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(
    main.getByRole('link', { name: 'Configure Your Label', exact: true }),
  ).toHaveAttribute('href', '/products');

  const why = main.getByRole('region', { name: /^Why Choose/ });
  await expect(why.getByRole('heading', { level: 3 })).toHaveText([
    'Easy Customization',
    'Premium Materials',
    'Fast Delivery',
  ]);
  await expect(why).toContainText(/size.*material.*colors.*mounting/i);
  await expect(why).toContainText(/indoor and phenolic/i);

  const contact = page.locator('section#contact');
  await expect(contact.getByRole('heading', { level: 2 })).toHaveText('Get In Touch');
  await expect(
    contact.getByText("Have questions or need a custom quote? We're here to help.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(
    contact.getByRole('link', { name: new RegExp(phone.replace(/[()+]/g, '\\$&')) }),
  ).toHaveAttribute('href', `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`);
  await expect(
    contact.getByRole('link', { name: new RegExp(email.replace(/\./g, '\\.')) }),
  ).toHaveAttribute('href', `mailto:${email}`);

  const closing = main.getByRole('region', { name: 'Ready to Create Your Custom Label?' });
  await expect(
    closing.getByText(
      'Get started with our easy-to-use configurator and see your price instantly.',
      { exact: true },
    ),
  ).toBeVisible();
  await closing.getByRole('link', { name: 'Start Configuring', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('Configure Your Label opens the configurator, and focus lands on its heading', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Configure Your Label', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
});

test('the hero shows engraved labels drawn in the configurator swatches', async ({ page }) => {
  await page.goto('/');
  const art = page.getByRole('img', { name: /Engraved equipment labels on a machine panel/ });
  await expect(art).toBeVisible();
  await expect(art.locator('g[data-color]')).toHaveCount(5);
});

for (const width of [375, 1280]) {
  test(`the landing page fits a ${width}px wide screen without sideways scrolling`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
  });
}

test('a skip link leads keyboard users to the main content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test('an unknown path gets the 404 page, with a way home', async ({ page }) => {
  await page.goto('/no-such-page/at/all');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await page.getByRole('main').getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Professional Custom Equipment Labels' }),
  ).toBeVisible();
});

test('outside production, /debug-session shows the auth response, client auth state, cookies and a timestamp', async ({
  page,
}) => {
  await page.goto('/debug-session');
  await expect(page.getByRole('heading', { level: 1, name: 'Debug session' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /^Auth response \(GET \/api\/auth\/me, 200\)$/ }),
  ).toBeVisible();
  await expect(page.getByTestId('debug-auth-response')).toHaveText('null');
  await expect(page.getByTestId('debug-client-state')).toContainText('"authChecked": true');
  await expect(page.getByTestId('debug-client-state')).toContainText(
    /"sessionId": "guest-\d+-[a-z0-9]+"/,
  );
  await expect(page.getByRole('heading', { name: 'Cookies (document.cookie)' })).toBeVisible();
  await expect(page.getByTestId('debug-timestamp')).toHaveText(
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
  );
  await page.goto('/admin-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0);
});

test('in production mode, the debug pages do not exist', async ({ page }) => {
  // A second shell server over the same build, API and remotes, started as operators run it in production.
  const { env, urls } = readStackState();
  const port: number = await freePort();
  const root = path.resolve(import.meta.dirname, '../..');
  const shell = spawn(process.execPath, [path.join(root, 'shell/server.mjs')], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'production', SHELL_PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    const base = `http://localhost:${port}`;
    await expect
      .poll(
        async () =>
          fetch(`${base}/config.json`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 15_000 },
      )
      .toBe(200);
    expect((await (await fetch(`${base}/config.json`)).json()).environment).toBe('production');
    for (const route of ['/debug-session', '/admin-test', '/admin-simple']) {
      await page.goto(`${base}${route}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    }
    await page.goto(`${base}/`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Professional Custom Equipment Labels' }),
    ).toBeVisible();
    expect(urls.shell).not.toBe(base);
    // The build's source maps are not published in production; the development server serves them.
    const map = readdirSync(path.join(root, 'shell/dist/shell')).find((f) => f.endsWith('.js.map'));
    expect(map).toBeDefined();
    expect((await fetch(`${base}/shell/${map}`)).status).toBe(404);
    expect((await fetch(`${urls.shell}/shell/${map}`)).status).toBe(200);
  } finally {
    shell.kill('SIGTERM');
  }
});
