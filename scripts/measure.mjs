// npm run measure: starts the shop on free ports (production builds, as `npm start` serves them) and
// reports what a shopper's browser downloads, file by file: the JavaScript (gzip) the landing page
// downloads while it loads, as Lighthouse counts it (and the part before it is interactive), and what
// each remote route adds (the budgets' quantities), what the first Sign In adds, and, with
// --lighthouse, the landing page's Lighthouse performance and accessibility.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureDependencies } from './lib/install.mjs';
import { buildStale } from './lib/build.mjs';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  ensureChromium,
  LIGHTHOUSE_CHROME_FLAGS,
} from './lib/chromium.mjs';
import { freeStackPorts, startStack } from './lib/stack.mjs';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

ensureDependencies();
ensureChromium();
buildStale();
const env = { NODE_ENV: 'development', LOG_LEVEL: 'warn' };
Object.assign(env, await freeStackPorts());
env.ALLOWED_ORIGINS = `http://localhost:${env.SHELL_PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-measure-'));
// A release store of its own: the running builds become this run's live releases (npm start's way).
env.RELEASE_STORE_DIR = path.join(dataDir, 'releases');
const stack = await startStack({ env, dataDir, stdio: 'ignore', log: () => {} });

try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const sum = (list, key) => list.reduce((n, s) => n + s[key], 0);
  const shellOrigin = new URL(stack.urls.shell).origin;
  const label = (s) => {
    const url = new URL(s.url);
    const server = Object.keys(stack.urls).find(
      (k) => new URL(stack.urls[k]).origin === url.origin,
    );
    return `${server}${url.pathname}`;
  };

  /** Resolves once the page has had no request under way for `ms` in a row. */
  const quietFor = async (page, ms) => {
    let underWay = 0;
    let quietSince = Date.now();
    const done = () => {
      underWay = Math.max(0, underWay - 1);
      if (underWay === 0) quietSince = Date.now();
    };
    page.on('request', () => (underWay += 1));
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    while (underWay > 0 || Date.now() - quietSince < ms) await page.waitForTimeout(100);
  };

  /** The scripts the page had started fetching by the time it set the performance mark `mark`. */
  const scriptsStartedBy = (page, mark) =>
    page.evaluate((name) => {
      const at = performance.getEntriesByName(name)[0].startTime;
      return performance
        .getEntriesByType('resource')
        .filter(
          (r) => (r.initiatorType === 'script' || r.name.endsWith('.js')) && r.startTime <= at,
        )
        .map((r) => r.name);
    }, mark);

  // The same quantities as the budgets of e2e/tests/budgets.spec.ts: gzip (level 9) of each script's
  // content; the landing page's scripts are those started before it marked itself interactive.
  async function openLanding() {
    const page = await context.newPage();
    const scripts = new Map();
    // Bodies are read as they arrive; `settled` waits for the reads still under way, or a file whose
    // body was not read yet would be left out of the sums.
    const reads = new Set();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const read = response
        .body()
        .then((body) => {
          const gzip = gzipSync(body, { level: 9 }).length;
          scripts.set(response.url(), { url: response.url(), gzip, raw: body.length });
        })
        .catch(() => {})
        .finally(() => reads.delete(read));
      reads.add(read);
    });
    const settled = async () => {
      while (reads.size > 0) await Promise.all([...reads]);
    };
    await page.goto(stack.urls.shell);
    await page.waitForFunction(() => performance.getEntriesByName('shop:interactive').length > 0);
    const before = await scriptsStartedBy(page, 'shop:interactive');
    // As the budgets do: the shell chunks the landing page runs after it is interactive (the store's
    // parsers with zod) are the landing page's, not the next route's; its preloads are not run.
    await page.waitForLoadState('networkidle');
    const ranAfterwards = await page.evaluate(
      (origin) =>
        performance
          .getEntriesByType('resource')
          .filter((r) => r.initiatorType === 'script' && r.name.startsWith(origin))
          .map((r) => r.name),
      new URL(stack.urls.shell).origin,
    );
    return { page, scripts, settled, before: new Set(before), ranAfterwards };
  }

  const first = await openLanding();
  await first.page.waitForLoadState('networkidle');
  // As Lighthouse and the budget count the landing page: every script downloaded while it loads
  // (fetched ahead or after the first render included), once the network has been quiet for 6 s.
  await quietFor(first.page, 6000);
  await first.settled();
  const all = [...first.scripts.values()];
  console.log(
    `Landing page JavaScript downloaded while it loads: ${kb(sum(all, 'gzip'))} gzip, ${kb(sum(all, 'raw'))} raw, ${all.length} files`,
  );
  const landing = [...first.before].map((url) => first.scripts.get(url)).filter(Boolean);
  console.log(
    `  of which before it is interactive: ${kb(sum(landing, 'gzip'))} gzip, ${landing.length} files`,
  );
  for (const s of landing) console.log(`    ${label(s).padEnd(54)} ${kb(s.gzip)}`);
  const later = all.filter((s) => !first.before.has(s.url));
  console.log(`  and afterwards: ${kb(sum(later, 'gzip'))} gzip, ${later.length} files`);
  for (const s of later) console.log(`    ${label(s).padEnd(54)} ${kb(s.gzip)}`);
  await first.page.close();

  const routes = {
    '/products': ['mfe-configurator', 'configurator'],
    '/cart': ['mfe-cart-checkout', 'cart_checkout'],
    '/checkout': ['mfe-cart-checkout', 'cart_checkout'],
    '/orders': ['mfe-account', 'account'],
    '/admin': ['mfe-admin', 'admin'],
  };
  for (const [route, [server, remote]] of Object.entries(routes)) {
    const { page, scripts, settled, before, ranAfterwards } = await openLanding();
    await page.goto(`${stack.urls.shell}${route}`);
    // As the budgets do: the scripts started before the remote's page showed (the shell marks it);
    // what the page fetches ahead afterwards, on idle, is listed apart.
    await page.locator(`[data-remote="${remote}"]`).first().waitFor();
    await page.waitForFunction(
      () => performance.getEntriesByName('shop:remote-page-shown').length > 0,
    );
    const shown = new Set(await scriptsStartedBy(page, 'shop:remote-page-shown'));
    await page.waitForLoadState('networkidle');
    await settled();
    // What the route needs: its remote's files and shell files the landing page did not load.
    const origins = [shellOrigin, new URL(stack.urls[server]).origin];
    const all = [...scripts.values()].filter(
      (s) =>
        !before.has(s.url) &&
        !ranAfterwards.includes(s.url) &&
        origins.some((o) => s.url.startsWith(o)),
    );
    const extra = all.filter((s) => shown.has(s.url));
    const ahead = all.filter((s) => !shown.has(s.url));
    console.log(`${route} adds ${kb(sum(extra, 'gzip'))} gzip in ${extra.length} files`);
    for (const s of extra) console.log(`  ${label(s).padEnd(56)} ${kb(s.gzip)}`);
    if (ahead.length > 0) {
      console.log(`  then, once shown, fetched ahead or on demand: ${kb(sum(ahead, 'gzip'))}`);
      for (const s of ahead) console.log(`    ${label(s).padEnd(54)} ${kb(s.gzip)}`);
    }
    await page.close();
  }
  // The sign-in dialog, opened from the landing page's header for the first time: the files it needs
  // before it can show (the shell's, the remote's entry and the expose's own files, as the remote's
  // mf-manifest.json lists them), then what it loads beside it (its forms' schemas).
  {
    const { page, scripts, settled } = await openLanding();
    await page.waitForLoadState('networkidle');
    await quietFor(page, 1000);
    await settled();
    const landed = new Set(scripts.keys());
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('dialog', { name: 'Welcome back' }).getByLabel('Email').waitFor();
    await page.waitForLoadState('networkidle');
    await settled();
    const added = [...scripts.values()].filter((s) => !landed.has(s.url));
    const entry = added.find((s) => s.url.endsWith('/remoteEntry.js'));
    const manifest = await (
      await page.request.get(new URL('mf-manifest.json', entry.url).href)
    ).json();
    const dialog = manifest.exposes.find((e) => e.name === 'AuthDialog');
    const own = new Set(['remoteEntry.js', ...dialog.assets.js.sync]);
    const needed = (s) => s.url.startsWith(shellOrigin) || own.has(s.url.split('/').at(-1));
    const waited = added.filter(needed);
    const beside = added.filter((s) => !needed(s));
    console.log(`The first Sign In adds ${kb(sum(waited, 'gzip'))} gzip in ${waited.length} files`);
    for (const s of waited) console.log(`  ${label(s).padEnd(56)} ${kb(s.gzip)}`);
    if (beside.length > 0) {
      console.log(`  and beside the shown dialog: ${kb(sum(beside, 'gzip'))}`);
      for (const s of beside) console.log(`    ${label(s).padEnd(54)} ${kb(s.gzip)}`);
    }
    await page.close();
  }
  // How long an admin who has just been granted access waits for the panel: the setup page goes to
  // /admin 2 s after "Admin access granted" (docs/product.md section 4), then the panel's first tab.
  {
    const admin = await browser.newContext({ baseURL: stack.urls.shell, serviceWorkers: 'block' });
    const page = await admin.newPage();
    await page.goto('/');
    const sessionId = await page.evaluate(() => localStorage.getItem('guest-session-id'));
    await page.request.post('/api/auth/register', {
      headers: { 'x-session-id': sessionId },
      data: {
        email: `measure-${Date.now()}@example.com`,
        password: 'measure-password-1',
        firstName: 'Ada',
        lastName: 'Admin',
      },
    });
    await page.goto('/admin-setup');
    await page.getByLabel('Admin secret key').fill(process.env.ADMIN_SECRET ?? 'dev-admin-secret');
    await page.getByRole('button', { name: 'Grant Admin Access' }).click();
    await page.getByText('Admin access granted').first().waitFor();
    const granted = Date.now();
    await page.waitForURL('**/admin');
    const arrived = Date.now();
    await page.getByRole('tab', { name: 'Discount Codes' }).waitFor();
    const shown = Date.now();
    console.log(
      `Admin panel: "Admin access granted" -> /admin ${arrived - granted} ms (the product's 2 s), /admin -> panel ${shown - arrived} ms`,
    );
    await admin.close();
  }
  await browser.close();

  if (process.argv.includes('--lighthouse')) {
    const out = path.join(dataDir, 'lighthouse.json');
    const result = spawnSync(
      'npx',
      [
        '-y',
        'lighthouse@12.2.3',
        stack.urls.shell,
        '--quiet',
        '--only-categories=performance,accessibility',
        '--output=json',
        `--output-path=${out}`,
        `--chrome-flags=${LIGHTHOUSE_CHROME_FLAGS.join(' ')}`,
      ],
      { stdio: 'inherit', env: { ...process.env, CHROME_PATH: CHROMIUM_PATH } },
    );
    if (result.status === 0) {
      const report = JSON.parse(readFileSync(out, 'utf8'));
      for (const [name, category] of Object.entries(report.categories)) {
        console.log(`Lighthouse ${name}: ${Math.round(category.score * 100)}`);
      }
      const audits = report.audits;
      for (const id of [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
      ]) {
        if (audits[id]) console.log(`  ${audits[id].title}: ${audits[id].displayValue}`);
      }
    } else {
      console.error('Lighthouse did not run (see above).');
    }
  }
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
