// "Installs what is missing": npm install (pinned by the lockfile) when node_modules is absent or older
// than the lockfile. Not `npm ci`: the registry this project installs from lacks some other platforms'
// optional builds (rollup's android/darwin binaries answer 404), so npm writes a lockfile without them
// and `npm ci` then refuses it as out of sync; `npm install` reads the same lockfile and skips them.
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
