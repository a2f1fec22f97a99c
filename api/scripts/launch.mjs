// `npm start -w api` (and the root start script): the API, plus the embedded database when MONGODB_URI
// is not set. The database starts first and stops after the API, and no child outlives this process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFerret } from '../../scripts/lib/ferretdb.mjs';
import { isPortFree } from '../../scripts/lib/ports.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiDir, '..');
const serverFile = path.join(apiDir, 'dist/server.js');

function fail(message) {
  console.error(message);
  process.exit(1);
}

function newestMtime(dir) {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? newestMtime(file) : statSync(file).mtimeMs;
    }),
  );
}

/** Builds when dist is missing or older than the sources, so `npm start -w api` never runs stale code. */
function ensureBuilt() {
  const sourcesChanged = () =>
    Math.max(
      newestMtime(path.join(apiDir, 'src')),
      newestMtime(path.join(repoRoot, 'contracts/src')),
    ) > statSync(serverFile).mtimeMs;
  if (existsSync(serverFile) && !sourcesChanged()) return;
  const build = spawnSync(process.execPath, [path.join(apiDir, 'scripts/build.mjs')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) fail('Building the API failed (see above).');
}

async function startEmbeddedDatabase() {
  const portText = process.env.FERRETDB_PORT ?? '27117';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535)
    fail(`FERRETDB_PORT must be a port number, got "${portText}".`);
  if (!(await isPortFree(port))) {
    fail(
      `Port ${port} for the embedded database is in use (another shop still running?); ` +
        'set FERRETDB_PORT to another port, or MONGODB_URI to a running MongoDB.',
    );
  }
  try {
    return await startFerret({ port, dataDir: path.join(repoRoot, '.data/ferretdb') });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

ensureBuilt();

let database;
if (!process.env.MONGODB_URI) {
  database = await startEmbeddedDatabase();
  console.log(`Embedded database (FerretDB) at ${database.uri}`);
  database.process.on('exit', (code, signal) => {
    if (!stopping)
      console.error(
        `The embedded database stopped unexpectedly (${signal ?? code}); the API reports it down.`,
      );
  });
}

let stopping = false;
const api = spawn(process.execPath, ['--enable-source-maps', serverFile], {
  stdio: 'inherit',
  env: { ...process.env, MONGODB_URI: process.env.MONGODB_URI ?? database.uri },
});

// Ctrl-C reaches every process of the terminal's group; a `kill` of this process reaches only it, so
// pass it on. Either way the API shuts down first and the database after it.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    api.kill(signal);
  });
}

api.on('exit', async (code, signal) => {
  stopping = true;
  await database?.stop();
  process.exit(code ?? (signal ? 0 : 1));
});
