// @vitest-environment node
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './install.mjs';
import { freeStackPorts } from './stack.mjs';

let dir;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'shop-settings-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * `npm start` with `env`, and every build it asks lerna for written to a log: the API's is run
 * (its settings' check is part of it), a frontend's is refused, so none costs minutes here.
 */
function npmStart(env) {
  const npx = spawnSync('sh', ['-c', 'command -v npx'], { encoding: 'utf8' }).stdout.trim();
  const builds = path.join(dir, 'builds.log');
  const fakeNpx = path.join(dir, 'npx');
  writeFileSync(
    fakeNpx,
    `#!/bin/sh\necho "$*" >> '${builds}'\ncase "$*" in *"@shop/shell"*|*"@shop/mfe-"*) exit 1;; esac\nexec '${npx}' "$@"\n`,
  );
  chmodSync(fakeNpx, 0o755);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: { ...process.env, ...env, PATH: `${dir}:${process.env.PATH}` },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      let built = '';
      try {
        built = readFileSync(builds, 'utf8');
      } catch {
        // nothing was built
      }
      resolve({ code, output, built });
    });
  });
}

describe('npm start', () => {
  it('when the API would refuse its settings, then it stops with their list before building a frontend or starting anything', async () => {
    const { code, output, built } = await npmStart({
      ...(await freeStackPorts()),
      NODE_ENV: 'production',
      SESSION_SECRET: 'too-short',
    });
    expect(code).not.toBe(0);
    expect(output).toContain('Invalid configuration:');
    for (const problem of [
      'SESSION_SECRET: must be at least 32 characters in production',
      'ADMIN_SECRET: is required in production',
      'ORDER_LINK_SECRET: is required in production',
      'MAIL_URL: is required in production',
    ])
      expect(output).toContain(problem);
    expect(output).toContain('The shop did not start: fix the settings listed above.');
    // No frontend was built, and no database, API, remote or shell was started.
    expect(built).not.toMatch(/@shop\/(shell|mfe-)/);
    expect(output).not.toMatch(/ferretdb|release registry|listening|http:\/\/localhost/i);
  }, 120_000);
});
