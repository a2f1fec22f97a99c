// Builds the packages whose build is older than their sources (lerna runs each package's build).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './install.mjs';

export const BUILT_PACKAGES = [
  { name: '@shop/api', dir: 'api' },
  { name: '@shop/shell', dir: 'shell' },
  { name: '@shop/mfe-configurator', dir: 'mfe-configurator' },
  { name: '@shop/mfe-cart-checkout', dir: 'mfe-cart-checkout' },
  { name: '@shop/mfe-account', dir: 'mfe-account' },
  { name: '@shop/mfe-admin', dir: 'mfe-admin' },
];
const SHARED_INPUTS = ['contracts', 'ui', 'webpack-config', 'package-lock.json'];
const STAMP = '.build-stamp';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function isStale({ dir }) {
  const stamp = path.join(root, dir, 'dist', STAMP);
  if (!existsSync(stamp)) return true;
  const inputs = [dir, ...SHARED_INPUTS].map((p) => newestMtime(path.join(root, p)));
  return Math.max(...inputs) > statSync(stamp).mtimeMs;
}

/** Builds what is stale (of the folders `only` names, when given); returns the names built. */
export function buildStale(log = console.log, { only } = {}) {
  const stale = BUILT_PACKAGES.filter((p) => (!only || only.includes(p.dir)) && isStale(p));
  if (stale.length === 0) return [];
  log(`Building ${stale.map((p) => p.dir).join(', ')}...`);
  // The stamp is dated when the build started: a source saved during the build is newer than it,
  // so the next run builds again rather than taking the build for the file's.
  const startedAt = new Date();
  const scopes = stale.flatMap((p) => ['--scope', p.name]);
  const result = spawnSync(
    'npx',
    ['lerna', 'run', 'build', '--concurrency', '2', '--no-progress', ...scopes],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_SKIP_NX_CACHE: 'true' },
    },
  );
  if (result.status !== 0) throw new Error('The build failed (see above).');
  for (const p of stale) {
    const stamp = path.join(root, p.dir, 'dist', STAMP);
    writeFileSync(stamp, startedAt.toISOString());
    utimesSync(stamp, startedAt, startedAt);
  }
  return stale.map((p) => p.name);
}
