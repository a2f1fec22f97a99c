// The embedded database: FerretDB v1 with its SQLite backend, built from tools/ferretdb with Go.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { freePort } from './ports.mjs';
import {
  copyModule,
  ferretModule,
  ferretVersion,
  overlayDir,
  overlayFiles,
  patchDir,
  patchNames,
  toolDir,
} from '../../tools/ferretdb/sources.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ferretBinary = path.join(toolDir, 'bin/ferretdb');

const thisFile = fileURLToPath(import.meta.url);

// What the build changes in FerretDB v1.24.2 is kept in tools/ferretdb (see its README.md): patches/
// holds one unified diff per change, each opening with what it does and why, applied in order with
// `git apply`; overlay/ holds whole new Go files copied into the module (tools/ferretdb/sources.mjs
// takes both). The module is copied from Go's cache into bin/ (ignored), patched, and built against
// that copy; nothing else of FerretDB is kept in the repository.

/** The files the binary is built from, relative to tools/ferretdb, sorted. */
function buildSources() {
  const listed = (dir) =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true })
          .map((entry) => path.join(dir, entry))
          .filter((file) => statSync(file).isFile())
      : [];
  return [
    ...['main.go', 'go.mod', 'go.sum', 'sources.mjs'].map((f) => path.join(toolDir, f)),
    ...listed(patchDir),
    ...listed(overlayDir),
  ]
    .map((file) => path.relative(toolDir, file))
    .sort();
}

/** A digest of everything the binary is built from (these scripts, main.go, patches, overlay). */
function sourceDigest() {
  const hash = createHash('sha256');
  hash.update(readFileSync(thisFile));
  for (const file of buildSources()) {
    hash.update(`\0${file}\0`);
    hash.update(readFileSync(path.join(toolDir, file)));
  }
  return hash.digest('hex');
}

const stampFile = path.join(toolDir, 'bin/ferretdb.sources');

function patchedModule(env) {
  const copy = path.join(toolDir, 'bin/ferretdb-src');
  // The last copy, made writable, is replaced.
  if (existsSync(copy)) chmodSync(copy, 0o755);
  for (const entry of existsSync(copy) ? readdirSync(copy, { recursive: true }) : [])
    chmodSync(path.join(copy, entry), 0o755);
  rmSync(copy, { recursive: true, force: true });
  copyModule(copy, env);
  for (const patch of patchNames()) {
    // GIT_CEILING_DIRECTORIES keeps git from taking the repository around bin/ for the copy's own:
    // the patch applies to the copy, as it would outside any repository.
    const applied = spawnSync('git', ['apply', '--whitespace=nowarn', path.join(patchDir, patch)], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...env, GIT_CEILING_DIRECTORIES: path.dirname(copy) },
    });
    if (applied.error || applied.status !== 0)
      throw new Error(
        `Patch tools/ferretdb/patches/${patch} does not apply to FerretDB ${ferretVersion}; revisit it.\n` +
          `${applied.error?.message ?? applied.stderr}`,
      );
  }
  for (const entry of overlayFiles()) {
    const to = path.join(copy, entry);
    if (existsSync(to))
      throw new Error(
        `tools/ferretdb/overlay/${entry} would replace FerretDB's own file; make it a patch.`,
      );
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(path.join(overlayDir, entry), to);
  }
  const modFile = path.join(toolDir, 'bin/go.patched.mod');
  writeFileSync(
    modFile,
    `${readFileSync(path.join(toolDir, 'go.mod'), 'utf8')}\nreplace ${ferretModule} => ./bin/ferretdb-src\n`,
  );
  cpSync(path.join(toolDir, 'go.sum'), path.join(toolDir, 'bin/go.patched.sum'));
  return modFile;
}

/** Builds the FerretDB binary the first time (and after its sources change). */
export function ensureFerretBinary(log = console.log) {
  const digest = sourceDigest();
  if (
    existsSync(ferretBinary) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8').trim() === digest
  )
    return ferretBinary;
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.error || go.status !== 0) {
    throw new Error(
      'The embedded database needs Go to build FerretDB, and `go` was not found.\n' +
        'Install Go 1.26 or newer (https://go.dev/doc/install), or set MONGODB_URI to a running MongoDB.',
    );
  }
  log(
    'Building the embedded database (FerretDB v1.24.2) with Go; the first time takes a minute or two...',
  );
  const env = { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' };
  mkdirSync(path.join(toolDir, 'bin'), { recursive: true });
  const modFile = patchedModule(env);
  const build = spawnSync('go', ['build', `-modfile=${modFile}`, '-o', 'bin/ferretdb', '.'], {
    cwd: toolDir,
    stdio: 'inherit',
    env,
  });
  if (build.status !== 0) throw new Error('Building FerretDB failed (see the Go output above).');
  writeFileSync(stampFile, `${digest}\n`);
  return ferretBinary;
}

/**
 * Whether the server on uri answers and is the process `pid`: a port freed a moment ago (a database
 * stopped and started again on it) may have been taken by another process's database meanwhile, and
 * the one started then fails to listen; that other one's answer must not pass for this one's.
 */
async function answersAs(uri, pid) {
  const require = createRequire(path.join(root, 'api/package.json'));
  const { MongoClient } = require('mongodb');
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500, directConnection: true });
  try {
    await client.connect();
    return (await client.db('admin').command({ serverStatus: 1 })).pid === pid;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => {});
  }
}

/**
 * SQLite's `synchronous` setting (FerretDB keeps its files in WAL mode). NORMAL syncs the log at
 * checkpoints, not at every commit: a commit survives the database process being killed (the write
 * is in the OS's hands), and only a power cut or an OS crash can lose the last moments, which is
 * MongoDB's own default (its journal is flushed every 100 ms unless a write asks for j: true), and
 * a write costs no sync of its own. FERRETDB_SYNCHRONOUS=full syncs at every commit instead.
 */
function sqliteSynchronous() {
  const value = (process.env.FERRETDB_SYNCHRONOUS ?? 'normal').toLowerCase();
  if (value !== 'normal' && value !== 'full')
    throw new Error('FERRETDB_SYNCHRONOUS must be normal or full');
  return value;
}

/**
 * Starts FerretDB on 127.0.0.1:port with its data under dataDir, waits until it answers a ping.
 * Without a port it takes a free one (ports.mjs), and another if a process took that one before
 * FerretDB could listen on it (a test run's other files start servers all the time).
 * indexPushdown: false answers queries as stock FerretDB does, not from indexes (tools/ferretdb's
 * --no-index-pushdown; the differential suite compares the two). fastDecode: false reads documents
 * with stock FerretDB's decoder (--no-fast-decode; api/test/engine-decoding.test.ts compares the
 * two). pprofAddr (or FERRETDB_PPROF_ADDR) serves Go's profiler and /debug/vars. binary: another
 * build's FerretDB (a bench's baseline) instead of this folder's, built if needed. Returns { uri,
 * port, process, stop }. pickPort: where a port is taken from when none is given (tests).
 * @param {{ port?: number, dataDir: string, dbName?: string, log?: (line: string) => void,
 *   timeoutMs?: number, indexPushdown?: boolean, fastDecode?: boolean, pprofAddr?: string,
 *   binary?: string, pickPort?: () => Promise<number> }} options
 */
export async function startFerret({ port, pickPort = freePort, ...options }) {
  if (port) return launchFerret({ port, ...options });
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchFerret({ port: await pickPort(), ...options });
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 5) throw error;
    }
  }
}

/** FerretDB could not listen: another process holds its port. */
class PortTakenError extends Error {}

async function launchFerret({
  port,
  dataDir,
  dbName = 'engraved_shop',
  log = console.log,
  timeoutMs = 30_000,
  indexPushdown = true,
  fastDecode = true,
  pprofAddr = process.env.FERRETDB_PPROF_ADDR,
  binary = '',
}) {
  const program = binary || ensureFerretBinary(log);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(
    program,
    [
      `--listen-addr=127.0.0.1:${port}`,
      // mmap_size: SQLite reads the database file through a memory map (up to 256 MB, pages shared
      // by its connections) instead of a read call per page missing from a connection's small
      // cache, so a lookup in a large shop costs what it does in a small one (bench:growth).
      // wal_autocheckpoint: the log is copied into the database file once it holds 5,000 pages (20
      // MB), not SQLite's 1,000: an index page written again and again between two copies is copied
      // once (docs/benchmarks.md, "What moved these figures").
      `--sqlite-url=file:${dataDir.replace(/\/?$/, '/')}?_pragma=synchronous(${sqliteSynchronous()})&_pragma=mmap_size(268435456)&_pragma=wal_autocheckpoint(5000)`,
      '--log-level=error',
      ...(indexPushdown ? [] : ['--no-index-pushdown']),
      ...(fastDecode ? [] : ['--no-fast-decode']),
      // FERRETDB_RESCAN_INDEX_STATS=1 computes the index stats again from the documents, once needed
      // after a build without them has written to this data folder (tools/ferretdb/README.md).
      ...(process.env.FERRETDB_RESCAN_INDEX_STATS === '1' ? ['--rescan-index-stats'] : []),
      // FERRETDB_PPROF_ADDR (say 127.0.0.1:6060) serves Go's profiler, to see where the database's
      // time goes under a bench (go tool pprof http://127.0.0.1:6060/debug/pprof/profile).
      ...(pprofAddr ? [`--pprof-addr=${pprofAddr}`] : []),
    ],
    // Go collects garbage each time the heap doubles (GOGC=100). The database's live heap is a few
    // megabytes; at 400 it collects a fifth as often, for a heap of tens of megabytes. GOGC set in
    // the environment wins.
    // Its errors are passed on to this process's, and their end kept to say why it did not start.
    {
      stdio: ['ignore', 'inherit', 'pipe'],
      env: { ...process.env, GOGC: process.env.GOGC ?? '400' },
    },
  );
  let said = '';
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    said = (said + chunk).slice(-1000);
  });
  // 'close' comes once it has exited and its errors are all read.
  let exited = null;
  child.on('close', (code) => (exited = code ?? 'signal'));
  const baseUri = `mongodb://127.0.0.1:${port}/`;
  const deadline = Date.now() + timeoutMs;
  while (!(await answersAs(baseUri, child.pid))) {
    if (exited !== null) {
      const message = `FerretDB exited (${exited}) before answering on port ${port}: ${said.trim()}`;
      throw said.includes('address already in use')
        ? new PortTakenError(message)
        : new Error(message);
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(
        `FerretDB did not answer a ping on port ${port} within ${timeoutMs / 1000}s: ${said.trim()}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (exited !== null) return resolve();
      child.once('close', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return { uri: `${baseUri}${dbName}`, port, process: child, stop };
}
