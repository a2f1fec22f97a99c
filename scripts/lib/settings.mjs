// npm start checks the API's settings before it builds the frontends or starts anything: a missing or
// bad variable (a production secret, the mail server) stops it at once with the list the API would
// print, rather than after minutes of building and a database started for nothing.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './install.mjs';

/**
 * Throws an Error listing every problem of the API's settings in `env`, as the API would at start
 * (api/src/cli/check-config.ts, built with the API). Without MONGODB_URI, an address stands in for
 * the embedded database's, which npm start gives the API (scripts/lib/stack.mjs); nothing connects.
 */
export function checkApiSettings(env) {
  const check = spawnSync(process.execPath, [path.join(root, 'api/dist/check-config.js')], {
    cwd: root,
    env: { ...env, MONGODB_URI: env.MONGODB_URI || 'mongodb://127.0.0.1/shop' },
    encoding: 'utf8',
  });
  if (check.status === 0) return;
  const output = (check.stderr || check.error?.message || '').trim();
  // 78 (EX_CONFIG): the settings' list; anything else is the check itself failing.
  if (check.status !== 78) throw new Error(`Checking the API's settings failed:\n${output}`);
  throw new Error(`${output}\n\nThe shop did not start: fix the settings listed above.`);
}
