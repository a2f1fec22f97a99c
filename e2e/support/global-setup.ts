import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ESM helpers shared with `npm start`
import { buildStale } from '../../scripts/lib/build.mjs';
// @ts-expect-error plain ESM helpers shared with `npm start`
import { freeStackPorts, startStack } from '../../scripts/lib/stack.mjs';
import { readStackState, stateFile, type StackState } from './stack-state.ts';

export default async function globalSetup() {
  // A state file of this run's own, inherited by the workers: two runs at once never share one.
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-state-'));
  process.env.E2E_STATE_FILE = path.join(stateDir, 'stack.json');
  buildStale();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-db-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ADMIN_SECRET: 'e2e-admin-secret',
    SESSION_SECRET: 'e2e-session-secret-that-is-long-enough',
    UPLOAD_DIR: path.join(dataDir, 'uploads'),
    // This run's own release store (releases.spec.ts publishes into it), never the repository's.
    RELEASE_STORE_DIR: path.join(dataDir, 'releases'),
  };
  Object.assign(env, await freeStackPorts());
  env.ALLOWED_ORIGINS = `http://localhost:${env.SHELL_PORT},http://127.0.0.1:${env.SHELL_PORT}`;
  // Runs with the test runner's output quiet; a failing service still shows its errors.
  const stack = await startStack({ env, dataDir, stdio: 'inherit', log: () => {} });

  const state: StackState = {
    urls: stack.urls,
    env: { ...env, MONGODB_URI: stack.databaseUri },
    pids: Object.fromEntries(
      Object.entries(stack.processes as Record<string, { pid?: number }>).map(([name, child]) => [
        name,
        child.pid ?? 0,
      ]),
    ),
  };
  writeFileSync(stateFile(), JSON.stringify(state, null, 2));
  process.env.E2E_SHELL_URL = stack.urls.shell;

  return async () => {
    for (const pid of Object.values(readStackState().restarted ?? {})) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(stateDir, { recursive: true, force: true });
  };
}
