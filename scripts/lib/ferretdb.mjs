// The embedded database: FerretDB v1 with its SQLite backend, built from tools/ferretdb with Go.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const toolDir = path.join(root, 'tools/ferretdb');
export const ferretBinary = path.join(toolDir, 'bin/ferretdb');

function newestSource() {
  return Math.max(
    ...['main.go', 'go.mod', 'go.sum'].map((f) => statSync(path.join(toolDir, f)).mtimeMs),
  );
}

/** Builds the FerretDB binary the first time (and after its sources change). */
export function ensureFerretBinary(log = console.log) {
  if (existsSync(ferretBinary) && statSync(ferretBinary).mtimeMs >= newestSource())
    return ferretBinary;
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.error || go.status !== 0) {
    throw new Error(
      'The embedded database needs Go to build FerretDB, and `go` was not found.\n' +
        'Install Go 1.22 or newer (https://go.dev/doc/install), or set MONGODB_URI to a running MongoDB.',
    );
  }
  log(
    'Building the embedded database (FerretDB v1.24.2) with Go; the first time takes a minute or two...',
  );
  const build = spawnSync('go', ['build', '-o', 'bin/ferretdb', '.'], {
    cwd: toolDir,
    stdio: 'inherit',
    env: { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' },
  });
  if (build.status !== 0) throw new Error('Building FerretDB failed (see the Go output above).');
  return ferretBinary;
}

async function ping(uri) {
  const require = createRequire(path.join(root, 'api/package.json'));
  const { MongoClient } = require('mongodb');
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500, directConnection: true });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => {});
  }
}

/**
 * Starts FerretDB on 127.0.0.1:port with its data under dataDir, waits until it answers a ping.
 * Returns { uri, process, stop }.
 */
export async function startFerret({
  port,
  dataDir,
  dbName = 'engraved_shop',
  log = console.log,
  timeoutMs = 30_000,
}) {
  ensureFerretBinary(log);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(
    ferretBinary,
    [
      `--listen-addr=127.0.0.1:${port}`,
      `--sqlite-url=file:${dataDir.replace(/\/?$/, '/')}`,
      '--log-level=error',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  let exited = null;
  child.on('exit', (code) => (exited = code ?? 'signal'));
  const baseUri = `mongodb://127.0.0.1:${port}/`;
  const deadline = Date.now() + timeoutMs;
  while (!(await ping(baseUri))) {
    if (exited !== null)
      throw new Error(`FerretDB exited (${exited}) before answering on port ${port}.`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(
        `FerretDB did not answer a ping on port ${port} within ${timeoutMs / 1000}s.`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (exited !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return { uri: `${baseUri}${dbName}`, process: child, stop };
}
