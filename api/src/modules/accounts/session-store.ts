// The sessions collection that connect-mongo writes (stored as objects, see sessions.ts), read here to
// sign a customer out of other sessions. The native collection: these filters are the code's own.
import mongoose from 'mongoose';

export const SESSION_COLLECTION = 'sessions';

export function sessionsCollection() {
  return mongoose.connection.collection<{ _id: string; expires?: Date }>(SESSION_COLLECTION);
}

/** Signs the customer out everywhere except the session keepSessionId (after a password change). */
export async function signOutOtherSessions(
  customerId: string,
  keepSessionId: string,
): Promise<number> {
  const { deletedCount } = await sessionsCollection().deleteMany({
    'session.passport.user': customerId,
    _id: { $ne: keepSessionId },
  });
  return deletedCount;
}

/** Signs the customer out everywhere (the account was deleted). */
export async function signOutEverywhere(customerId: string): Promise<number> {
  const { deletedCount } = await sessionsCollection().deleteMany({
    'session.passport.user': customerId,
  });
  return deletedCount;
}

export async function sweepExpiredSessions(now = new Date()): Promise<number> {
  const { deletedCount } = await sessionsCollection().deleteMany({ expires: { $lt: now } });
  return deletedCount;
}

export async function ensureSessionIndexes(): Promise<void> {
  await sessionsCollection().createIndex({ 'session.passport.user': 1 });
  await sessionsCollection().createIndex({ expires: 1 });
}
