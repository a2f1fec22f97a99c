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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const toolDir = path.join(root, 'tools/ferretdb');
export const ferretBinary = path.join(toolDir, 'bin/ferretdb');

const ferretModule = 'github.com/FerretDB/FerretDB';
const ferretVersion = 'v1.24.2';
const thisFile = fileURLToPath(import.meta.url);

function newestSource() {
  return Math.max(
    statSync(thisFile).mtimeMs,
    ...['main.go', 'go.mod', 'go.sum'].map((f) => statSync(path.join(toolDir, f)).mtimeMs),
  );
}

// What the build changes in FerretDB v1.24.2: each entry is a file of the module, the text replaced in
// it (the build stops if the text is no longer there) and why. The module is copied from Go's cache
// into bin/ (ignored), patched, and built against that copy; nothing of FerretDB is kept in the repo.
const ferretPatches = [
  // The SQLite backend creates its unique _id index on `_ferretdb_sjson->"_id"` but looks documents
  // up with `_ferretdb_sjson->'$._id'`. Both give the same value, yet SQLite only uses an expression
  // index for the very same expression, so every find, update and delete by _id read the whole table
  // (EXPLAIN QUERY PLAN: SCAN; see api/README.md, "Cost that does not grow").
  {
    file: 'internal/backends/sqlite/metadata/metadata.go',
    replace: [[`IDColumn = DefaultColumn + "->'$._id'"`, 'IDColumn = DefaultColumn + `->"_id"`']],
  },
  // A find whose whole filter is `{ _id: { $in: [...] } }` (strings and ObjectIds) read the whole
  // table: only a lone `_id` equal to one value was handed to SQLite. It is looked up through the same
  // _id index now, `WHERE _id IN (...)`, so several keyed documents come in one round trip for the
  // cost of their lookups (platform/db.ts, findByKeys). FerretDB still filters what SQLite returns.
  {
    file: 'internal/backends/sqlite/collection.go',
    replace: [
      [
        '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}\n\t\t}\n\t}\n\n\tq += whereClause\n\tq += prepareOrderByClause(params.Sort)',
        '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}\n\t\tcase *types.Document:\n\t\t\twhereClause, args = idsInClause(v.(*types.Document))\n\t\t}\n\t}\n\n\tq += whereClause\n\tq += prepareOrderByClause(params.Sort)',
      ],
      [
        '// InsertAll implements backends.Collection interface.',
        `// idsInClause is the WHERE clause of \`{$in: [...]}\` on _id when every value is a string or an
// ObjectID (at most 1000 of them), or nothing.
func idsInClause(d *types.Document) (string, []any) {
\tif d.Len() != 1 {
\t\treturn "", nil
\t}
\tin, _ := d.Get("$in")
\tarr, ok := in.(*types.Array)
\tif !ok || arr.Len() == 0 || arr.Len() > 1000 {
\t\treturn "", nil
\t}
\targs := make([]any, 0, arr.Len())
\tfor i := 0; i < arr.Len(); i++ {
\t\tv := must.NotFail(arr.Get(i))
\t\tswitch v.(type) {
\t\tcase string, types.ObjectID:
\t\t\targs = append(args, string(must.NotFail(sjson.MarshalSingleValue(v))))
\t\tdefault:
\t\t\treturn "", nil
\t\t}
\t}
\treturn fmt.Sprintf(\` WHERE %s IN (?%s)\`, metadata.IDColumn, strings.Repeat(", ?", len(args)-1)), args
}

// InsertAll implements backends.Collection interface.`,
      ],
      // Explain says the same: its query plan is SQLite's for that clause (a test reads it).
      [
        '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}\n\t\t}\n\t}\n\n\torderByClause := prepareOrderByClause(params.Sort)',
        '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}\n\t\tcase *types.Document:\n\t\t\twhereClause, args = idsInClause(v.(*types.Document))\n\t\t\tfilterPushdown = whereClause != ""\n\t\t}\n\t}\n\n\torderByClause := prepareOrderByClause(params.Sort)',
      ],
    ],
  },
  // SQLite lets one transaction write at a time. FerretDB opens up to 100 connections, and a write
  // that finds another under way waits in SQLite's busy handler, which sleeps 1, 2, 5, 10 ... 100 ms
  // and tries again: at 50 concurrent inserts p99 was 118 ms and the slowest 673 ms for a write of
  // 0.3 ms, with the processor idle meanwhile (api/README.md, "Load"). The writes of one database take
  // turns on a Go mutex instead, so the next writer starts as soon as the last one commits; reads
  // still run side by side.
  {
    file: 'internal/util/fsql/db.go',
    replace: [
      ['"log/slog"\n\t"time"', '"log/slog"\n\t"sync"\n\t"time"'],
      [
        '\tBatchSize int\n}',
        "\tBatchSize int\n\n\t// writeMu: one write at a time, waiting here rather than in SQLite's busy handler.\n\twriteMu sync.Mutex\n}",
      ],
      [
        'func (db *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {\n',
        'func (db *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {\n\tdb.writeMu.Lock()\n\tdefer db.writeMu.Unlock()\n',
      ],
      [
        'func (db *DB) InTransaction(ctx context.Context, f func(*Tx) error) (err error) {\n',
        'func (db *DB) InTransaction(ctx context.Context, f func(*Tx) error) (err error) {\n\tdb.writeMu.Lock()\n\tdefer db.writeMu.Unlock()\n',
      ],
      ...debugLinesOnlyWhenLogged('db'),
    ],
  },
  // An update (update, findAndModify) is a read of the document followed by a write, with nothing
  // between them: two concurrent `$inc` of one counter both read 5 and both wrote 6 (docs/design.md
  // section 3). Updates take turns on one mutex from their read to their write, so each reads what
  // the one before it wrote: a single-document update is atomic, as on MongoDB, and an order number
  // is one `$inc` (api/src/modules/orders/counter.ts). Inserts, deletes and reads do not wait on it.
  {
    file: 'internal/handler/msg_findandmodify.go',
    replace: [
      ['"fmt"\n\t"time"', '"fmt"\n\t"sync"\n\t"time"'],
      [
        '// findAndModifyResult represents information about modification made.',
        '// updateMu: one update (findAndModify, update) at a time, from its read to its write.\nvar updateMu sync.Mutex\n\n// findAndModifyResult represents information about modification made.',
      ],
      [
        '\tres, err := h.findAndModifyDocument(connCtx, params)\n',
        '\tupdateMu.Lock()\n\tres, err := h.findAndModifyDocument(connCtx, params)\n\tupdateMu.Unlock()\n',
      ],
    ],
  },
  {
    file: 'internal/handler/msg_update.go',
    replace: [
      [
        '\tmatched, modified, upserted, err := h.updateDocument(connCtx, params)\n',
        '\tupdateMu.Lock()\n\tmatched, modified, upserted, err := h.updateDocument(connCtx, params)\n\tupdateMu.Unlock()\n',
      ],
    ],
  },
  // Every SQL statement (fsql/db.go above, fsql/tx.go here) wrote two debug lines: their attributes (the statement's arguments, whole
  // documents among them) were formatted into a logger before the level check threw them away, 5.6%
  // of the database's processor time under bench:load. They are built only when debug is logged.
  { file: 'internal/util/fsql/tx.go', replace: debugLinesOnlyWhenLogged('tx') },
  // Each cursor, iterator and transaction was registered in a pprof profile with its call stack, and
  // given a finalizer, to catch one left open in FerretDB's own tests: 8.6% of the database's time
  // under bench:load. The shop never reads that profile; the registering is skipped.
  {
    file: 'internal/util/resource/resource.go',
    replace: [
      [
        'func Track(obj any, token *Token) {\n',
        'func Track(obj any, token *Token) {\n\tif true {\n\t\treturn\n\t}\n',
      ],
      [
        'func Untrack(obj any, token *Token) {\n',
        'func Untrack(obj any, token *Token) {\n\tif true {\n\t\treturn\n\t}\n',
      ],
    ],
  },
];

/** The fsql debug lines of `receiver` (db or tx), each built only when debug is logged. */
function debugLinesOnlyWhenLogged(receiver) {
  return ['>>>', '<<<'].map((arrow) => {
    const line = `\t${receiver}.l.With(fields...).DebugContext(ctx, fmt.Sprintf("${arrow} %s", query))\n`;
    return [line, `\tif ${receiver}.l.Enabled(ctx, slog.LevelDebug) {\n\t${line}\t}\n`, 'all'];
  });
}

function patchedModule(env) {
  const download = spawnSync(
    'go',
    ['mod', 'download', '-json', `${ferretModule}@${ferretVersion}`],
    {
      cwd: toolDir,
      encoding: 'utf8',
      env,
    },
  );
  if (download.status !== 0)
    throw new Error(`Fetching FerretDB's sources failed:\n${download.stderr || download.stdout}`);
  const { Dir } = JSON.parse(download.stdout);
  const copy = path.join(toolDir, 'bin/ferretdb-src');
  // Go's module cache is read-only; the copy is made writable so a later build can replace it.
  if (existsSync(copy)) chmodSync(copy, 0o755);
  for (const entry of existsSync(copy) ? readdirSync(copy, { recursive: true }) : [])
    chmodSync(path.join(copy, entry), 0o755);
  rmSync(copy, { recursive: true, force: true });
  cpSync(Dir, copy, { recursive: true });
  for (const { file, replace } of ferretPatches) {
    const target = path.join(copy, file);
    let source = readFileSync(target, 'utf8');
    for (const [before, after, all] of replace) {
      if (!source.includes(before))
        throw new Error(`FerretDB's ${file} no longer has ${before}; revisit the patch.`);
      source = all ? source.replaceAll(before, after) : source.replace(before, after);
    }
    chmodSync(target, 0o644);
    writeFileSync(target, source);
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
  const env = { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' };
  mkdirSync(path.join(toolDir, 'bin'), { recursive: true });
  const modFile = patchedModule(env);
  const build = spawnSync('go', ['build', `-modfile=${modFile}`, '-o', 'bin/ferretdb', '.'], {
    cwd: toolDir,
    stdio: 'inherit',
    env,
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
 * SQLite's `synchronous` setting (FerretDB keeps its files in WAL mode). NORMAL syncs the log at
 * checkpoints, not at every commit: a commit survives the database process being killed (the write
 * is in the OS's hands), and only a power cut or an OS crash can lose the last moments, which is
 * MongoDB's own default (its journal is flushed every 100 ms unless a write asks for j: true). It
 * makes each write two to three times cheaper (api/README.md, "Load"). FERRETDB_SYNCHRONOUS=full
 * syncs at every commit instead.
 */
function sqliteSynchronous() {
  const value = (process.env.FERRETDB_SYNCHRONOUS ?? 'normal').toLowerCase();
  if (value !== 'normal' && value !== 'full')
    throw new Error('FERRETDB_SYNCHRONOUS must be normal or full');
  return value;
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
      // mmap_size: SQLite reads the database file through a memory map (up to 256 MB, pages shared
      // by its connections) instead of a read call per page missing from a connection's small
      // cache. Without it, lookups in a shop of 100,000 orders cost more than in one of 1,000
      // (an email search: 7.0 -> 11.7 ms, over the 1.5x bound of bench:growth; with it 1.0x).
      `--sqlite-url=file:${dataDir.replace(/\/?$/, '/')}?_pragma=synchronous(${sqliteSynchronous()})&_pragma=mmap_size(268435456)`,
      '--log-level=error',
      // FERRETDB_PPROF_ADDR (say 127.0.0.1:6060) serves Go's profiler, to see where the database's
      // time goes under a bench (go tool pprof http://127.0.0.1:6060/debug/pprof/profile).
      ...(process.env.FERRETDB_PPROF_ADDR
        ? [`--pprof-addr=${process.env.FERRETDB_PPROF_ADDR}`]
        : []),
    ],
    // Go collects garbage each time the heap doubles (GOGC=100). The database's live heap is a few
    // megabytes, and at 400 it collects a fifth as often: 20% less of its processor time per order
    // under bench:load, for a heap of tens of megabytes (api/README.md, "Load"). GOGC set in the
    // environment wins.
    {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, GOGC: process.env.GOGC ?? '400' },
    },
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
