// The mongoose connection. The same code runs on MongoDB and on FerretDB v1 (docs/design.md section 3).
import type { RequestHandler } from 'express';
import mongoose, { type FilterQuery, type Model, type ProjectionType, type Types } from 'mongoose';
import { AppError } from './errors';
import type { Logger } from './logger';

// Filters may only name fields the schema knows, and objects with $-keys coming from input are
// wrapped in $eq so a request cannot smuggle operators ({ "$ne": null }) into a query. Operators the
// code itself writes in a filter must be marked: { timesUsed: trusted({ $lt: limit }) }.
mongoose.set('strictQuery', true);
mongoose.set('sanitizeFilter', true);
// Indexes are built once at start, after the migrations (migrations/index.ts, prepareDatabase), not
// by each model on connect: a new unique index must meet data the migrations have made fit it.
mongoose.set('autoIndex', false);
// Without this, every query records `new Error().stack` in case it is run twice, and formatting a
// stack with the TypeScript source maps costs more than the query.
mongoose.set('skipOriginalStackTraces', true);

export const trusted = mongoose.trusted;

/**
 * What follows `last` in a list sorted `{[field]: -1, _id: -1}`: the filter of a page read by key
 * (api/README.md, "Data access"), its `$lte` the start of the index's range.
 */
export function olderThan<F extends string>(
  field: F,
  last: { _id: unknown } & Record<F, Date>,
): Record<string, unknown> {
  const at = last[field];
  return {
    [field]: trusted({ $lte: at }),
    $or: [{ [field]: trusted({ $lt: at }) }, { [field]: at, _id: trusted({ $lt: last._id }) }],
  };
}

/** A page of a list read by key: its items, and the id to ask `before` for next (null: no more). */
export interface KeyPage<T> {
  items: T[];
  next: string | null;
}

/** The page of `found`, read `limit + 1` long to know whether more follow. */
export function pageOf<T extends { _id: { toString(): string } }>(
  found: T[],
  limit: number,
): KeyPage<T> {
  const items = found.slice(0, limit);
  return { items, next: found.length > limit ? (items.at(-1)?._id.toString() ?? null) : null };
}

/**
 * A page of `model`'s documents of `scope` and `filter`, newest first (`{createdAt: -1, _id: -1}`),
 * after the document `before` (read first, for its key; one outside `scope` gives an empty page).
 */
export async function pageByKey<T extends { _id: Types.ObjectId; createdAt: Date }>(
  model: Model<T>,
  {
    scope = {},
    filter = {},
    projection,
    before,
    limit,
  }: {
    scope?: FilterQuery<T>;
    filter?: FilterQuery<T>;
    projection?: ProjectionType<T>;
    before?: string;
    limit: number;
  },
): Promise<KeyPage<T>> {
  let after = {};
  if (before) {
    const last = await model
      .findOne({ ...scope, _id: before }, { createdAt: 1 })
      .lean<Pick<T, '_id' | 'createdAt'>>()
      .exec();
    if (!last) return { items: [], next: null };
    after = olderThan('createdAt', last);
  }
  const found = await model
    .find({ ...scope, ...after, ...filter }, projection)
    .sort({ createdAt: -1, _id: -1 })
    .limit(limit + 1)
    .lean<T[]>()
    .exec();
  return pageOf(found, limit);
}

/**
 * True for MongoDB's (and FerretDB's) duplicate-key error, code 11000: an insert under a unique index
 * lost a race. Placing an order once, code uses and the like are built on it (api/README.md).
 */
export function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 11000;
}

/** Runs an insert under a unique index: true when it went in, false when the key was taken. */
export async function insertUnlessTaken(insert: () => Promise<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/**
 * Runs an upsert, and once more when two first writes of one document met (a duplicate key): the
 * document exists now, so the retry updates it.
 */
export async function upsertRetryingRace(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    await write();
  }
}

// Requests fail after this long while the server is unreachable instead of hanging for the driver's 30s.
const SERVER_SELECTION_TIMEOUT_MS = 5_000;
const RETRY_PAUSE_MS = 1_000;
/**
 * How the driver finds a server that stopped answering without closing its connections (a network
 * partition, a frozen host): its monitor asks every HEARTBEAT_MS and gives up after
 * CONNECT_TIMEOUT_MS, then interrupts the operations waiting on that server, and the gate answers
 * 503 from then on. The driver's own 10 s and 30 s held every request for up to 40 s, and past it.
 * MONGODB_URI's heartbeatFrequencyMS / connectTimeoutMS, when given, are kept.
 */
const HEARTBEAT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;

/** The driver options of `defaults` that the URI does not set itself. */
function unlessInUri(uri: string, defaults: Record<string, number>): Record<string, number> {
  const query = uri.split('?')[1]?.toLowerCase() ?? '';
  const given = new Set(query.split('&').map((pair) => pair.split('=')[0]));
  return Object.fromEntries(
    Object.entries(defaults).filter(([name]) => !given.has(name.toLowerCase())),
  );
}

class DatabaseUnreachableError extends Error {
  constructor(uri: string, timeoutMs: number, cause: unknown) {
    super(
      `Could not reach the database at ${redactUri(uri)} within ${timeoutMs / 1000}s ` +
        `(${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Is it running? Check MONGODB_URI, or raise DB_CONNECT_TIMEOUT_MS.',
      { cause },
    );
    this.name = 'DatabaseUnreachableError';
  }
}

/** The URI without its password, for messages and logs. */
export function redactUri(uri: string): string {
  return uri.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

/**
 * Connects the default mongoose connection, retrying until timeoutMs has passed: the database may
 * still be starting next to the API. Once connected, the driver reconnects by itself after outages.
 */
export async function connectDatabase(
  uri: string,
  { timeoutMs, logger }: { timeoutMs: number; logger: Logger },
) {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await mongoose.connect(uri, {
        ...unlessInUri(uri, {
          heartbeatFrequencyMS: HEARTBEAT_MS,
          connectTimeoutMS: CONNECT_TIMEOUT_MS,
        }),
        serverSelectionTimeoutMS: Math.max(
          500,
          Math.min(SERVER_SELECTION_TIMEOUT_MS, deadline - Date.now()),
        ),
      });
      logger.info({ database: mongoose.connection.name }, 'Connected to the database');
      return;
    } catch (error) {
      if (Date.now() + RETRY_PAUSE_MS >= deadline)
        throw new DatabaseUnreachableError(uri, timeoutMs, error);
      logger.warn({ attempt, err: error }, 'Database not reachable yet; retrying');
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
  }
}

export function disconnectDatabase(): Promise<void> {
  return mongoose.disconnect();
}

type DatabaseState = 'disconnected' | 'connected' | 'connecting' | 'disconnecting';

function databaseState(): DatabaseState {
  const names: DatabaseState[] = ['disconnected', 'connected', 'connecting', 'disconnecting'];
  return names[mongoose.connection.readyState] ?? 'disconnected';
}

/** How long a ping may take before the database counts as down. */
const PING_TIMEOUT_MS = 1_000;

/**
 * True when mongoose is connected and the server answers a ping within PING_TIMEOUT_MS (a health
 * check must not wait for the driver's own timeouts). It pings even while mongoose reports the connection down:
 * a ping makes the driver look for the server at once instead of at its next heartbeat, so an outage
 * ends as soon as the server is back.
 */
export async function pingDatabase(): Promise<boolean> {
  const db = mongoose.connection.db;
  if (!db) return false;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const answered = db
    .admin()
    .command({ ping: 1 })
    .then(
      () => true,
      () => false,
    );
  try {
    return (await Promise.race([answered, timedOut])) && databaseState() === 'connected';
  } finally {
    clearTimeout(timer);
  }
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable; please try again shortly';
/** How often, at most, a refused request asks the driver to look for the server again. */
const REPING_MS = 500;
let lastReping = 0;

/**
 * While the driver has no connection, calls answer 503 at once (Retry-After: 2) instead of waiting for
 * the driver's server selection (5 s) or mongoose's command buffer (10 s, then a plain error), so a
 * load balancer and the shopper learn it fast and threads are not held. Each refusal (at most every
 * half second) pings, which makes the driver look for the server now rather than at its next
 * heartbeat, so the API recovers by itself as soon as the database is back. /api/health has its own
 * check and is never refused here.
 */
export function databaseGate(): RequestHandler {
  return (req, _res, next) => {
    if (databaseState() === 'connected' || req.path === '/health') return next();
    const now = Date.now();
    if (now - lastReping >= REPING_MS) {
      lastReping = now;
      void pingDatabase();
    }
    next(AppError.unavailable(DATABASE_UNAVAILABLE_MESSAGE, 2));
  };
}
