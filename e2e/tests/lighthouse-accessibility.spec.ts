// Lighthouse's accessibility category (axe-core's rules as Lighthouse weighs them) must score 100 on the
// shopper's main pages. Only that category runs: it does not time anything, so it is fast and does not
// depend on the machine's speed. Lighthouse comes from the npm registry through npx, pinned, as
// `npm run lighthouse` uses it.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
// @ts-expect-error plain ESM helpers shared with `npm run lighthouse`
import { CHROMIUM_PATH, LIGHTHOUSE_CHROME_FLAGS } from '../../scripts/lib/chromium.mjs';
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
