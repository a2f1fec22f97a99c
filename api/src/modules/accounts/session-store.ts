// The sessions' data access: express-session's store over the sessions collection (model.ts,
// SessionModel), and the deletes that sign a customer out of their sessions.
import session, { type SessionData } from 'express-session';
import { Types, isValidObjectId } from 'mongoose';
import { trusted } from '../../platform/db';
import { SessionModel, type SessionRecord } from './model';

/** A rolling session's new expiry is written at most this often when nothing in it changed. */
const TOUCH_AFTER_MS = 60_000;
/** Where get() leaves the stored expiry for touch() to compare with; never stored. */
const STORED_EXPIRY = 'storedExpiresAt';

type LoadedSession = SessionData & { [STORED_EXPIRY]?: number };

/** The customer passport keeps in the session, as an id. */
function customerIdOf(data: SessionData): Types.ObjectId | null {
  const user = (data as { passport?: { user?: unknown } }).passport?.user;
  return typeof user === 'string' && isValidObjectId(user) ? new Types.ObjectId(user) : null;
}

/**
 * Sessions in the database: one document per session id, read by _id. Its expiresAt is the cookie's
 * (the idle lifetime, rolled on by each call), never past the sign-in's absolute lifetime; a session
 * past it reads as none, and the expiry sweep deletes it.
 */
export class DatabaseSessionStore extends session.Store {
  constructor(private readonly absoluteLifetimeMs: number) {
    super();
  }

  private expiryOf(data: SessionData): Date {
    const absolute =
      data.signedInAt === undefined ? Infinity : data.signedInAt + this.absoluteLifetimeMs;
    const idle = data.cookie?.expires ? new Date(data.cookie.expires).getTime() : absolute;
    return new Date(Math.min(idle, absolute, Date.now() + this.absoluteLifetimeMs));
  }

  override get(sid: string, callback: (error: unknown, data?: SessionData | null) => void) {
    SessionModel.findById(sid)
      .lean<SessionRecord>()
      .then((found) => {
        const expiresAt = found?.expiresAt?.getTime() ?? 0;
        if (!found || expiresAt <= Date.now()) return callback(null, null);
        const loaded = { ...found.session, [STORED_EXPIRY]: expiresAt };
        callback(null, loaded as LoadedSession);
      }, callback);
  }

  override set(sid: string, data: SessionData, callback?: (error?: unknown) => void) {
    const { cookie, [STORED_EXPIRY]: _loaded, ...rest } = data as LoadedSession;
    // The cookie's settings (what its toJSON gives), not the instance with its internals.
    const { originalMaxAge, expires, secure, httpOnly, domain, path, sameSite } = cookie;
    const stored = {
      ...rest,
      cookie: { originalMaxAge, expires, secure, httpOnly, domain, path, sameSite },
    };
    SessionModel.replaceOne(
      { _id: sid },
      { _id: sid, customerId: customerIdOf(data), session: stored, expiresAt: this.expiryOf(data) },
      { upsert: true },
    ).then(() => callback?.(), callback);
  }

  override touch(sid: string, data: SessionData, callback?: (error?: unknown) => void) {
    const expiresAt = this.expiryOf(data);
    const stored = (data as LoadedSession)[STORED_EXPIRY];
    if (stored !== undefined && expiresAt.getTime() - stored < TOUCH_AFTER_MS) return callback?.();
    SessionModel.updateOne({ _id: sid }, { $set: { expiresAt } }).then(
      () => callback?.(),
      callback,
    );
  }

  override destroy(sid: string, callback?: (error?: unknown) => void) {
    SessionModel.deleteOne({ _id: sid }).then(() => callback?.(), callback);
  }
}

/** Signs the customer out everywhere except the session keepSessionId (after a password change). */
export async function signOutOtherSessions(
  customerId: string,
  keepSessionId: string,
): Promise<number> {
  const others = { customerId, _id: trusted({ $ne: keepSessionId }) };
  return (await SessionModel.deleteMany(others)).deletedCount;
}

/** Signs the customer out everywhere (a password reset, the account deleted). */
export async function signOutEverywhere(customerId: string): Promise<number> {
  return (await SessionModel.deleteMany({ customerId })).deletedCount;
}
