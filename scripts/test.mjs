// npm test: installs what is missing (dependencies, Debian's Chromium, the embedded database), then runs
// every test: unit, API integration against a real database, and the end-to-end suite in Chromium.
// Ends with the failed tests' names, each stage's counts and one summary line, "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, root } from './lib/install.mjs';
import { ensureFerretBinary } from './lib/ferretdb.mjs';
import { ensureChromium } from './lib/chromium.mjs';

const reports = path.join(root, '.tmp/test-reports');

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

/** A terminal's colour codes, which vitest leaves in its failure messages. */
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (message = '') =>
  message.replace(COLOURS, '').trim().split('\n')[0].slice(0, 200);

/** What a vitest JSON report says: counts, and each failed test with its error's first line. */
function vitestReport(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (report.numPendingTests ?? 0),
      failures: report.testResults.flatMap((suite) => {
        const file = path.relative(root, suite.name);
        const failed = suite.assertionResults
          .filter((test) => test.status === 'failed')
          .map((test) => `${file} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
        // A failed hook (beforeAll, afterAll) or import fails the file and leaves its tests
        // skipped: the file's own message is then the only name the failure has.
        if (suite.status === 'failed' && failed.length === 0)
          failed.push(
            `${file}: ${firstLine(suite.message) || 'the file failed outside its tests'}`,
          );
        return failed;
      }),
    };
  } catch {
    return { passed: 0, failed: 1, failures: [] };
  }
}

/** The same of a Playwright JSON report; a flaky or skipped test counts as failed. */
function playwrightReport(file) {
  const failures = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      if (!spec.ok)
        for (const test of spec.tests) {
          const error = test.results.find((result) => result.error)?.error?.message;
          failures.push(
            `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`,
          );
        }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  try {
    const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
    for (const suite of suites) visit(suite, []);
    return {
      passed: stats.expected,
      failed: stats.unexpected + stats.flaky + stats.skipped,
      failures,
    };
  } catch {
    return { passed: 0, failed: 1, failures: [] };
  }
}

try {
  ensureDependencies();
  ensureFerretBinary();
  ensureChromium();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitest = (project) => [
  'vitest',
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, `${project}.json`)}`,
];

const results = [];
const lintOk =
  run('Lint and format', 'npx', ['eslint', '.']) &&
  run('Format check', 'npx', ['prettier', '--check', '--log-level=warn', '.']);
results.push({ stage: 'lint', ok: lintOk, passed: 0, failed: lintOk ? 0 : 1 });
const typecheckOk = run('Type check', 'npx', ['lerna', 'run', 'typecheck', '--no-progress'], {
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
});
results.push({ stage: 'typecheck', ok: typecheckOk, passed: 0, failed: typecheckOk ? 0 : 1 });
const unitOk = run('Unit tests', 'npx', vitest('unit'));
results.push({ stage: 'unit', ok: unitOk, ...vitestReport(path.join(reports, 'unit.json')) });
const apiOk = run('API integration tests (real database)', 'npx', vitest('api'));
results.push({ stage: 'api', ok: apiOk, ...vitestReport(path.join(reports, 'api.json')) });
const e2eOk = run(
  'End-to-end tests (Chromium)',
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json'),
  },
);
results.push({ stage: 'e2e', ok: e2eOk, ...playwrightReport(path.join(reports, 'e2e.json')) });

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('');
// The failed tests' names last but one, so that the end of the output (all a CI page may keep) names them.
for (const r of results) for (const failure of r.failures ?? []) console.log(`failed: ${failure}`);
for (const r of results)
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.stage}: ${r.passed} passed, ${r.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
