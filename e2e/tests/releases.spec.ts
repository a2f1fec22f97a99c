import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MongoClient } from 'mongodb';
import { readStackState } from '../support/stack-state.ts';

// Releasing a remote (README "Releasing a remote"): builds of the configurator published into this
// run's release store, promoted, previewed and rolled back while the shell keeps running; and two
// builds that test version skew. The builds run once, up front, two at a time.
const root = path.resolve(import.meta.dirname, '../..');
const state = readStackState();
const cliEnv = { ...process.env, ...state.env };

function run(args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...cliEnv, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${args.join(' ')}: exit ${code}\n${output}`)),
    );
  });
}

/** Publishes a configurator build; returns its version. */
async function release(label: string, env: Record<string, string> = {}): Promise<string> {
  const output = await run(['scripts/release.mjs', 'configurator', '--label', label], env);
  const version = /Released mfe-configurator (\S+)/.exec(output)?.[1];
  if (!version) throw new Error(output);
  return version;
}

const releasesCli = (...args: string[]) => run(['api/dist/releases-cli.js', ...args]);

/** An admin in a browser of its own, signed in through the API (the cookie is the context's). */
async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  const sessionId = await page.evaluate(() => localStorage.getItem('guest-session-id'));
  const headers = { 'x-session-id': sessionId! };
  const registered = await page.request.post('/api/auth/register', {
    headers,
    data: {
      email: `releases-${Date.now()}@example.com`,
      password: 'admin-password-1',
      firstName: 'Grace',
      lastName: 'Hopper',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const granted = await page.request.post('/api/admin/make-admin', {
    data: { secret: 'e2e-admin-secret' },
    headers: { ...headers, authorization: 'Bearer e2e-admin-secret' },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  return page;
}

async function adminCall(page: Page, url: string, data?: unknown) {
  const sessionId = await page.evaluate(() => localStorage.getItem('guest-session-id'));
  const response = await page.request.post(url, {
    headers: { 'x-session-id': sessionId! },
    ...(data ? { data } : {}),
  });
  expect(response.status(), await response.text()).toBe(200);
}

const buildLabel = (page: Page) => page.locator('[data-remote="configurator"] [data-build-label]');

/** Loads /products until it shows `label` (a shopper's next page loads); returns how long it took. */
async function nextPageShows(page: Page, label: string, since: number): Promise<number> {
  await expect(async () => {
    await page.goto('/products');
    await expect(buildLabel(page)).toHaveText(` · ${label}`, { timeout: 5_000 });
  }).toPass({ timeout: 20_000, intervals: [250] });
  return Date.now() - since;
}

let versions: { a: string; b: string; c: string; contracts2: string; reactPatch: string };

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Two chains at once (two cores): the label builds share webpack's cache; the shared-version
  // build has a cache of its own.
  const [labelled, reactPatch] = await Promise.all([
    (async () => {
      const a = await release('Build A');
      const b = await release('Build B');
      const c = await release('Build C');
      const contracts2 = await release('Contracts 2', { RELEASE_CONTRACTS_VERSION: '2.0.0' });
      return { a, b, c, contracts2 };
    })(),
    release('React patch', { SHARED_VERSION_OVERRIDES: '{"react":"19.3.2","react-dom":"19.3.2"}' }),
  ]);
  versions = { ...labelled, reactPatch };
});

// Later spec files get the configurator from its REMOTE_CONFIGURATOR_URL again: no release live.
test.afterAll(async () => {
  const client = new MongoClient(state.env.MONGODB_URI!);
  try {
    await client.db().collection('release_channels').deleteMany({});
  } finally {
    await client.close();
  }
  // The shell's server keeps the registry's answer for 3 s.
  await new Promise((resolve) => setTimeout(resolve, 3_500));
});

test('a promoted build reaches shoppers on their next page, a preview only its admin, a rollback everyone', async ({
  page,
  browser,
  baseURL,
}) => {
  // The build the stack started with is the live release (scripts/lib/running-releases.mjs): the CLI
  // names it, and it is what shoppers get (no label).
  const listed = await releasesCli('list', 'configurator');
  const started = /^configurator: live (\S+), previous -$/m.exec(listed)?.[1];
  expect(started, listed).toMatch(/^1\.0\.0-/);
  await page.goto('/products');
  await expect(page.locator('[data-remote="configurator"]')).toBeVisible();
  await expect(buildLabel(page)).toHaveCount(0);

  // A rollback right after the first promote brings back the build that was live at start.
  await releasesCli('promote', 'configurator', versions.a);
  await nextPageShows(page, 'Build A', Date.now());
  expect(await releasesCli('rollback', 'configurator')).toContain(`rolled back to ${started}`);
  await expect(async () => {
    await page.goto('/products');
    await expect(page.locator('[data-remote="configurator"] h1')).toBeVisible({ timeout: 5_000 });
    await expect(buildLabel(page)).toHaveCount(0);
  }).toPass({ timeout: 20_000, intervals: [250] });

  await releasesCli('promote', 'configurator', versions.a);
  await nextPageShows(page, 'Build A', Date.now());

  const admin = await adminPage(browser, baseURL!);
  let since = Date.now();
  await adminCall(admin, '/api/admin/releases/configurator/promote', { version: versions.b });
  const promoteMs = await nextPageShows(page, 'Build B', since);

  // The admin previews C; the shopper keeps B.
  await adminCall(admin, '/api/admin/releases/configurator/preview', { version: versions.c });
  await admin.goto('/products');
  await expect(buildLabel(admin)).toHaveText(' · Build C');
  await page.goto('/products');
  await expect(buildLabel(page)).toHaveText(' · Build B');

  since = Date.now();
  const rolledBack = await releasesCli('rollback', 'configurator');
  const cliMs = Date.now() - since;
  expect(rolledBack).toContain(`rolled back to ${versions.a}`);
  const rollbackMs = await nextPageShows(page, 'Build A', since);

  // Back to B, then rolled back from the admin screen.
  await adminCall(admin, '/api/admin/releases/configurator/promote', { version: versions.b });
  await nextPageShows(page, 'Build B', Date.now());
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Releases' }).click();
  await expect(admin.getByTestId('live-configurator')).toHaveText(versions.b);
  since = Date.now();
  await admin.getByRole('button', { name: 'Roll back Configurator' }).click();
  const asked = admin.getByRole('alertdialog', {
    name: `Roll Configurator back to ${versions.a}?`,
  });
  await asked.getByRole('button', { name: 'Roll back' }).click();
  await expect(admin.getByTestId('live-configurator')).toHaveText(versions.a);
  const screenRollbackMs = await nextPageShows(page, 'Build A', since);

  test.info().annotations.push({
    type: 'timing',
    description: `promote->next page ${promoteMs} ms; CLI rollback->next page ${rollbackMs} ms (the CLI itself ${cliMs} ms); screen rollback->next page ${screenRollbackMs} ms`,
  });
  console.log(`releases: ${test.info().annotations.at(-1)!.description}`);
  await admin.context().close();
});

test('a release built for another contracts major is not promoted, is refused cleanly in a preview and reported; a patch-newer React shares the one copy', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await adminPage(browser, baseURL!);
  const sessionId = await admin.evaluate(() => localStorage.getItem('guest-session-id'));
  const promoted = await admin.request.post('/api/admin/releases/configurator/promote', {
    headers: { 'x-session-id': sessionId! },
    data: { version: versions.contracts2 },
  });
  expect(promoted.status()).toBe(409);
  expect(((await promoted.json()) as { message: string }).message).toBe(
    'The shop cannot run this release: it needs contracts ^2.0.0; this shop provides 1.0.0',
  );
  // Previewed, the admin's own shell refuses it cleanly, and reports it.
  await adminCall(admin, '/api/admin/releases/configurator/preview', {
    version: versions.contracts2,
  });
  await expect(async () => {
    await admin.goto('/products');
    await expect(admin.getByTestId('remote-skew')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  await expect(
    admin.getByRole('heading', { name: 'The label configurator is unavailable right now' }),
  ).toBeVisible();
  await expect(admin.getByTestId('remote-skew')).toContainText(versions.contracts2);
  await expect(admin.getByRole('banner')).toBeVisible();
  // The way out is on the page itself: End preview, and the live release shows again.
  await expect(admin.getByTestId('remote-preview')).toContainText(versions.contracts2);
  await admin.getByRole('button', { name: 'End preview' }).click();
  // The live configurator itself, not the page's skeleton (which draws the same heading).
  await expect(admin.locator('[data-remote="configurator"]')).toBeVisible({ timeout: 15_000 });
  await expect(admin.getByTestId('remote-fallback')).toHaveCount(0);

  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Releases' }).click();
  await expect(admin.getByTestId('skew-report').first()).toContainText(
    `${versions.contracts2}: needs contracts ^2.0.0; this shop provides 1.0.0`,
  );

  await adminCall(admin, '/api/admin/releases/configurator/promote', {
    version: versions.reactPatch,
  });
  const reactCopies: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    if (body.includes('react.production.js')) reactCopies.push(response.url());
  });
  await expect(async () => {
    await page.goto('/products');
    await expect(buildLabel(page)).toHaveText(' · React patch', { timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  // The configurator's own form works on the shell's React.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Configure Your Custom Label' }),
  ).toBeVisible();
  expect(
    [...new Set(reactCopies)].every((url) => !url.includes('/releases/')),
    reactCopies.join(),
  ).toBe(true);
  expect(new Set(reactCopies).size).toBeLessThanOrEqual(1);
  await admin.context().close();
});
