// Accounts, sessions, emailed links, uploads and attempt limits became ordinary indexed documents.
// What the collections that stood in for indexes held that the documents lack moves into them: a
// session gets its customer and expiry at the top (it stays signed in), a used link its usedAt, an
// attempt that still counts its place in its key's limit document. Then those collections, and the
// sweeps' due entries and counters of sessions, links and attempts, go. Customers, their emails and
// the uploads' owners are in their own documents already. Safe to run twice or in two processes at
// once: each write is conditional or an insert of what is missing, and a drop already done is no error.
import mongoose, { Types, isValidObjectId } from 'mongoose';
import { customerSearchKeys } from '../modules/accounts/model';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../modules/accounts/sessions';
import type { Logger } from '../platform/logger';
import { BATCH, bulkWriteInBatches, dropCollectionIfThere, hasCollection } from './collections';

/** The longest window of any attempt limit: an attempt older than this counts nowhere. */
const LONGEST_WINDOW_MS = 60 * 60 * 1000;

const STAND_INS = [
  'customer_emails',
  'customer_positions',
  'customer_sessions',
  'customer_session_heads',
  'account_token_uses',
  'limited_attempts',
  'upload_index',
];

const database = () => mongoose.connection.db!;

type KeyedDocument = { _id: string } & Record<string, unknown>;

interface ConnectMongoSession {
  _id: string;
  expires?: Date;
  session?: { passport?: { user?: unknown }; signedInAt?: unknown };
}

/**
 * connect-mongo's sessions, in place: `customerId` from passport's user and `expiresAt` from its
 * `expires` (never past the absolute lifetime); its own fields go.
 */
async function moveSessions(now: Date): Promise<number> {
  const old = await database()
    .collection<ConnectMongoSession>('sessions')
    .find({ expiresAt: { $exists: false } }, { projection: { expires: 1, session: 1 } })
    .toArray();
  await bulkWriteInBatches<KeyedDocument>(
    'sessions',
    old.map(({ _id, expires, session }) => {
      const user = session?.passport?.user;
      const signedInAt = typeof session?.signedInAt === 'number' ? session.signedInAt : Infinity;
      const idleEnd = expires?.getTime() ?? now.getTime() + SESSION_IDLE_MS;
      return {
        updateOne: {
          filter: { _id, expiresAt: { $exists: false } },
          update: {
            $set: {
              customerId:
                typeof user === 'string' && isValidObjectId(user) ? new Types.ObjectId(user) : null,
              expiresAt: new Date(Math.min(idleEnd, signedInAt + SESSION_ABSOLUTE_MS)),
            },
            $unset: { expires: '', lastModified: '' },
          },
        },
      };
    }),
  );
  return old.length;
}

/** A use of an emailed link (`account_token_uses {_id: hash, usedAt}`) becomes the token's usedAt. */
async function moveTokenUses(): Promise<number> {
  if (!(await hasCollection('account_token_uses'))) return 0;
  const uses = await database()
    .collection<{ _id: string; usedAt: Date }>('account_token_uses')
    .find({})
    .toArray();
  await bulkWriteInBatches<KeyedDocument>(
    'account_tokens',
    uses.map(({ _id, usedAt }) => ({
      updateOne: { filter: { _id, usedAt: null }, update: { $set: { usedAt } } },
    })),
  );
  return uses.length;
}

/**
 * The attempt lanes (`limited_attempts {_id: "{limiter}|{key}|{lane}|{w}", limiter, key, at}`) of the
 * last hour become their key's limit document (platform/rate-limit.ts), unless a claim made one
 * already (after this ran in another process). Each limiter counts only the attempts of its own
 * window, and its next claim keeps only those.
 */
async function moveAttempts(now: Date): Promise<number> {
  if (!(await hasCollection('limited_attempts'))) return 0;
  const attempts = await database()
    .collection<{ limiter: string; key: string; at: Date }>('limited_attempts')
    .find({ at: { $gt: new Date(now.getTime() - LONGEST_WINDOW_MS) } })
    .toArray();
  const hitsOf = new Map<string, Date[]>();
  for (const { limiter, key, at } of attempts) {
    const _id = `${limiter}|${key}`;
    hitsOf.set(_id, [...(hitsOf.get(_id) ?? []), at]);
  }
  await bulkWriteInBatches<KeyedDocument>(
    'rate_limits',
    [...hitsOf].map(([_id, hits]) => {
      hits.sort((a, b) => a.getTime() - b.getTime());
      const expiresAt = new Date(hits.at(-1)!.getTime() + LONGEST_WINDOW_MS);
      return { insertOne: { document: { _id, hits, rev: 1, expiresAt } } };
    }),
  );
  return hitsOf.size;
}

/** The due queues' entries, hour marks and counters of `sessions`, `account-tokens` and `attempts:*`. */
async function forgetDueQueues(): Promise<void> {
  const queues = '(sessions|account-tokens|attempts):';
  await database()
    .collection('due_entries')
    .deleteMany({ _id: { $regex: `^${queues}` } as never });
  await database()
    .collection('due_hours')
    .deleteMany({ _id: { $regex: `^${queues}` } as never });
  await database()
    .collection('counters')
    .deleteMany({
      $or: [
        { _id: { $regex: '^due:(sessions|account-tokens|attempts)(:|$)' } as never },
        // The admin's customer list's numbers.
        { _id: 'customerPosition' as never },
      ],
    });
}

/** Indexes the schemas no longer declare (replaced by compound ones). */
const OLD_INDEXES = [
  ['customers', 'createdAt_-1'],
  ['contact_enquiries', 'createdAt_-1'],
] as const;

async function dropOldIndexes(): Promise<void> {
  for (const [collection, index] of OLD_INDEXES) {
    try {
      await database().collection(collection).dropIndex(index);
    } catch (error) {
      const { codeName } = error as { codeName?: string };
      if (codeName !== 'IndexNotFound' && codeName !== 'NamespaceNotFound') throw error;
    }
  }
}

export async function migrateAccounts(logger: Logger): Promise<void> {
  const now = new Date();
  const sessions = await moveSessions(now);
  const usedLinks = await moveTokenUses();
  const limitedKeys = await moveAttempts(now);
  await database()
    .collection('customers')
    .updateMany({ listPosition: { $exists: true } }, { $unset: { listPosition: '' } });
  await forgetDueQueues();
  await dropOldIndexes();
  const dropped = [];
  for (const name of STAND_INS) if (await dropCollectionIfThere(name)) dropped.push(name);
  if (sessions + usedLinks + limitedKeys + dropped.length > 0)
    logger.info(
      { sessions, usedLinks, limitedKeys, dropped },
      'Moved sessions, used links and attempt limits into their documents; dropped their stand-ins',
    );
}

/** A customer as written before the admin's customer search (its keys missing). */
interface UnkeyedCustomer {
  _id: Types.ObjectId;
  email?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * The admin's customer search keys (customerSearchKeys: lower-cased names, the full name from its
 * later words, and email domain) on the customers written before them (or before the later words'):
 * one read of those without, then their updates in batches. From the second start on, the keys'
 * indexes answer that none is left, reading no customer. A second run or process writes the same
 * values, and only where they are still missing.
 */
export async function keyCustomerSearch(logger: Logger): Promise<void> {
  const customers = database().collection<UnkeyedCustomer>('customers');
  const unkeyed = await customers
    .find(
      { $or: [{ firstNameKey: null }, { nameWord2Key: null }] },
      { projection: { email: 1, firstName: 1, lastName: 1 } },
    )
    .toArray();
  for (let i = 0; i < unkeyed.length; i += BATCH)
    await customers.bulkWrite(
      unkeyed.slice(i, i + BATCH).map(({ _id, email = '', firstName = '', lastName = '' }) => ({
        updateOne: {
          filter: { _id, $or: [{ firstNameKey: null }, { nameWord2Key: null }] },
          update: { $set: customerSearchKeys({ email, firstName, lastName }) },
        },
      })),
      { ordered: false },
    );
  if (unkeyed.length > 0)
    logger.info({ customers: unkeyed.length }, 'Keyed customers for the admin search');
}
