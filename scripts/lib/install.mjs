// "Installs what is missing": npm install (pinned by the lockfile) when node_modules is absent or older
// than the lockfile. The lockfile lists every platform's optional builds (rollup, esbuild, the
// resolver), so an install on any machine reads it without writing it: a fresh clone stays clean.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function ensureDependencies(log = console.log) {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('Installing dependencies...');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('npm install failed.');
}
