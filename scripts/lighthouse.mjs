// npm run lighthouse: mobile Lighthouse (its default phone emulation and simulated slow network) on
// the production build of /, /products, /cart and /checkout, three runs each. Prints the medians of the
// performance score, LCP, TBT and CLS as a table and writes them to .tmp/lighthouse/summary.json
// (each run's whole report beside it, as {route}-{run}.json).
// A report, not a gate: timings on a shared machine are noisy (the budgets in `npm test` are the gate).
//   npm run lighthouse -- --runs=1 --routes=/,/products
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDependencies, root } from './lib/install.mjs';
import { buildStale } from './lib/build.mjs';
import { CHROMIUM_PATH, ensureChromium, LIGHTHOUSE_CHROME_FLAGS } from './lib/chromium.mjs';
import { freeStackPorts, startStack } from './lib/stack.mjs';

const LIGHTHOUSE = 'lighthouse@12.2.3';

const option = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const runs = Number(option('runs', '3'));
const routes = option('routes', '/,/products,/cart,/checkout').split(',');
const outDir = path.join(root, '.tmp/lighthouse');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

ensureDependencies();
ensureChromium();
buildStale();
// The servers as `npm run measure` runs them; the build itself is the production build.
const env = { NODE_ENV: 'development', LOG_LEVEL: 'warn' };
Object.assign(env, await freeStackPorts());
env.ALLOWED_ORIGINS = `http://localhost:${env.SHELL_PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
// A release store of its own: the running builds become this run's live releases (npm start's way).
env.RELEASE_STORE_DIR = path.join(dataDir, 'releases');
const stack = await startStack({ env, dataDir, stdio: 'ignore', log: () => {} });
mkdirSync(outDir, { recursive: true });

const rows = [];
try {
  for (const route of routes) {
    const samples = [];
    for (let run = 1; run <= runs; run++) {
      const name = route === '/' ? 'landing' : route.slice(1).replaceAll('/', '-');
      const out = path.join(outDir, `${name}-${run}.json`);
      const result = spawnSync(
        'npx',
        [
          '-y',
          LIGHTHOUSE,
          `${stack.urls.shell}${route}`,
          '--quiet',
          '--only-categories=performance,accessibility',
          '--output=json',
          `--output-path=${out}`,
          `--chrome-flags=${LIGHTHOUSE_CHROME_FLAGS.join(' ')}`,
        ],
        {
          stdio: ['ignore', 'ignore', 'inherit'],
          env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
        },
      );
      if (result.status !== 0) throw new Error(`Lighthouse failed on ${route} (see above).`);
      const report = JSON.parse(readFileSync(out, 'utf8'));
      const audit = (id) => report.audits[id]?.numericValue ?? NaN;
      const scripts = (report.audits['network-requests']?.details?.items ?? []).filter(
        (r) => r.resourceType === 'Script',
      );
      samples.push({
        performance: Math.round(report.categories.performance.score * 100),
        accessibility: Math.round(report.categories.accessibility.score * 100),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        scripts: scripts.length,
        scriptKbTransferred: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0) / 1024,
      });
      process.stderr.write(`  ${route} run ${run}: performance ${samples.at(-1).performance}\n`);
    }
    const m = (key) => median(samples.map((s) => s[key]));
    rows.push({
      route,
      performance: m('performance'),
      accessibility: m('accessibility'),
      lcpMs: Math.round(m('lcpMs')),
      tbtMs: Math.round(m('tbtMs')),
      cls: Number(m('cls').toFixed(3)),
      scripts: m('scripts'),
      scriptKbTransferred: Number(m('scriptKbTransferred').toFixed(1)),
      runs: samples,
    });
  }
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const summaryFile = path.join(outDir, 'summary.json');
writeFileSync(
  summaryFile,
  JSON.stringify({ lighthouse: LIGHTHOUSE, date: new Date().toISOString(), runs, rows }, null, 2),
);
console.log(
  `\nLighthouse (mobile), median of ${runs} run(s) per route; written to ${path.relative(root, summaryFile)}\n`,
);
console.log(
  '| route | performance | accessibility | LCP | TBT | CLS | scripts | script KB (wire) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${r.route} | ${r.performance} | ${r.accessibility} | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${r.scripts} | ${r.scriptKbTransferred} |`,
  );
}
