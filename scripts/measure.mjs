// npm run measure: starts the shop on free ports (production builds, as `npm start` serves them) and
// reports what a shopper's browser downloads: the shell's initial JavaScript (gzip, as served), each
// remote's entry, and, with --lighthouse, the landing page's Lighthouse performance and accessibility.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ensureDependencies } from './lib/install.mjs';
import { buildStale } from './lib/build.mjs';
import { startStack } from './lib/stack.mjs';
import { freePort } from './lib/ports.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

ensureDependencies();
buildStale();
const env = { NODE_ENV: 'development', LOG_LEVEL: 'warn' };
for (const v of [
  'SHELL_PORT',
  'CONFIGURATOR_PORT',
  'CART_CHECKOUT_PORT',
  'ACCOUNT_PORT',
  'ADMIN_PORT',
  'API_PORT',
  'FERRETDB_PORT',
]) {
  env[v] = String(await freePort());
}
env.ALLOWED_ORIGINS = `http://localhost:${env.SHELL_PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-measure-'));
const stack = await startStack({ env, dataDir, stdio: 'ignore', log: () => {} });

try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  let scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    const wire = Number(response.headers()['content-length'] ?? body.length);
    scripts.push({ url: response.url(), wire, raw: body.length });
  });

  await page.goto(stack.urls.shell, { waitUntil: 'networkidle' });
  const initial = scripts;
  const sum = (list, key) => list.reduce((n, s) => n + s[key], 0);
  console.log(
    `Shell initial JavaScript (landing page): ${kb(sum(initial, 'wire'))} gzip, ${kb(sum(initial, 'raw'))} raw, ${initial.length} files`,
  );

  const routes = {
    configurator: '/products',
    cart_checkout: '/cart',
    account: '/orders',
    admin: '/admin',
  };
  const origins = {
    configurator: stack.urls['mfe-configurator'],
    cart_checkout: stack.urls['mfe-cart-checkout'],
    account: stack.urls['mfe-account'],
    admin: stack.urls['mfe-admin'],
  };
  for (const [remote, route] of Object.entries(routes)) {
    scripts = [];
    await page.goto(`${stack.urls.shell}${route}`, { waitUntil: 'networkidle' });
    const own = scripts.filter((s) => s.url.startsWith(origins[remote]));
    const entry = own.find((s) => s.url.endsWith('/remoteEntry.js'));
    console.log(
      `${remote.padEnd(14)} remoteEntry.js ${kb(entry?.wire ?? 0)} gzip; everything its route downloads from it: ${kb(sum(own, 'wire'))} gzip in ${own.length} files`,
    );
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
        `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
      ],
      { stdio: 'inherit', env: { ...process.env, CHROME_PATH: CHROMIUM } },
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
