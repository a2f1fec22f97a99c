import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readStackState, recordRestartedProcess } from '../support/stack-state.ts';

const REMOTE_ROUTES = [
  { path: '/products', remote: 'configurator' },
  { path: '/cart', remote: 'cart_checkout' },
  { path: '/orders', remote: 'account' },
  { path: '/admin', remote: 'admin' },
];

const REMOTE_APPS: Record<string, string> = {
  configurator: 'mfe-configurator',
  cart_checkout: 'mfe-cart-checkout',
  account: 'mfe-account',
  admin: 'mfe-admin',
};

function remoteOriginOf(remote: string) {
  return new URL(readStackState().urls[REMOTE_APPS[remote]!]!).origin;
}

function failOnChunkLoadErrors(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /ChunkLoadError|Loading chunk/.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('the shell renders its landing page', async ({ page }) => {
  const problems = failOnChunkLoadErrors(page);
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Professional Custom Equipment Labels' }),
  ).toBeVisible();
  expect(problems).toEqual([]);
});

for (const { path: route, remote } of REMOTE_ROUTES) {
  test(`${route} loads the ${remote} remote from its own server`, async ({ page }) => {
    const problems = failOnChunkLoadErrors(page);
    const remoteOrigin = remoteOriginOf(remote);
    const fromRemote: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(remoteOrigin)) fromRemote.push(response.url());
    });
    await page.goto(route);
    await expect(page.locator(`[data-remote="${remote}"]`).first()).toBeVisible();
    expect(fromRemote.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    expect(problems).toEqual([]);
  });
}

const STANDALONE_TITLES: Record<string, string> = {
  configurator: 'Configurator remote',
  cart_checkout: 'Cart & checkout remote',
  account: 'Account remote',
  admin: 'Admin remote',
};

for (const { path: route, remote } of REMOTE_ROUTES) {
  test(`the ${remote} remote's own server shows ${route} without the shell`, async ({ page }) => {
    const problems = failOnChunkLoadErrors(page);
    await page.goto(new URL(route, remoteOriginOf(remote)).href);
    await expect(
      page.getByRole('navigation', { name: `${STANDALONE_TITLES[remote]} (standalone)` }),
    ).toBeVisible();
    await expect(page.locator(`[data-remote="${remote}"]`).first()).toBeVisible();
    expect(problems).toEqual([]);
  });
}

test('react and react-dom are downloaded once for the shell and every remote', async ({ page }) => {
  // The licence banners the builds keep name each React file, so each downloaded copy is countable.
  const copies = { react: new Set<string>(), reactDomClient: new Set<string>() };
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    if (body.includes('react.production.js')) copies.react.add(response.url());
    if (body.includes('react-dom-client.production.js')) copies.reactDomClient.add(response.url());
  });
  for (const { path: route, remote } of REMOTE_ROUTES) {
    await page.goto(route);
    await expect(page.locator(`[data-remote="${remote}"]`).first()).toBeVisible();
  }
  expect(copies.react.size).toBe(1);
  expect(copies.reactDomClient.size).toBe(1);
});

test('unknown paths get the 404 page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
  // A path that looks like a file gets the same page, not a bare "Not found".
  for (const path of ['/products.html', '/notes.txt']) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
});

test('a remote whose server is down shows a fallback on its routes only', async ({ page }) => {
  const state = readStackState();
  const adminPid = state.pids['mfe-admin']!;
  process.kill(adminPid, 'SIGTERM');
  await expect
    .poll(async () =>
      fetch(`${state.urls['mfe-admin']}/mf-manifest.json`).then(
        () => 'up',
        () => 'down',
      ),
    )
    .toBe('down');
  try {
    await page.goto('/admin');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    await expect(page.getByRole('heading', { name: /admin panel is unavailable/i })).toBeVisible();
    await page.goto('/products');
    await expect(page.locator('[data-remote="configurator"]')).toBeVisible();
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Professional Custom Equipment Labels' }),
    ).toBeVisible();
  } finally {
    // Bring it back so later tests (and teardown) find the stack whole.
    const root = path.resolve(import.meta.dirname, '../..');
    const child = spawn(process.execPath, [path.join(root, 'mfe-admin/server.mjs')], {
      cwd: root,
      env: { ...process.env, ...state.env },
      stdio: 'ignore',
      detached: true,
    });
    child.unref();
    recordRestartedProcess('mfe-admin', child.pid!);
    await expect
      .poll(async () =>
        fetch(`${state.urls['mfe-admin']}/mf-manifest.json`).then(
          (r) => r.status,
          () => 0,
        ),
      )
      .toBe(200);
  }
});
