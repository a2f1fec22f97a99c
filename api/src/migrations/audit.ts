// The admin secret's attempts (`admin_grant_attempts`) and the release registry's changes
// (`release_audit`) were kept in a collection each; both are entries of the one audit log now
// (platform/audit.ts). Each document is copied under its own _id with its time, then the old
// collections go. Safe to run twice and in two processes at once: a copy already there is a duplicate
// key, passed over, and a drop already done is no error.
import mongoose, { type Types } from 'mongoose';
import { AUDIT_COLLECTION, type AuditEntry } from '../platform/audit';
import type { Logger } from '../platform/logger';
import { BATCH, bulkWriteInBatches, dropCollectionIfThere, hasCollection } from './collections';

interface OldGrantAttempt {
  _id: Types.ObjectId;
  customerId: Types.ObjectId;
  email: string;
  ip: string;
  outcome: string;
  createdAt: Date;
}

interface OldReleaseAudit {
  _id: Types.ObjectId;
  remote: string;
  action: string;
  by: string;
  origin: string;
  from?: string | null;
  to?: string | null;
  at: Date;
}

const OLD = {
  admin_grant_attempts: (old: OldGrantAttempt): AuditEntry => ({
    _id: old._id,
    kind: 'admin_grant',
    subject: old.customerId.toString(),
    by: old.email,
    origin: old.ip,
    at: old.createdAt,
    details: { outcome: old.outcome },
  }),
  release_audit: (old: OldReleaseAudit): AuditEntry => ({
    _id: old._id,
    kind: 'release',
    subject: old.remote,
    by: old.by,
    origin: old.origin,
    at: old.at,
    details: { action: old.action, from: old.from ?? null, to: old.to ?? null },
  }),
};

async function copyIntoAuditLog<T extends mongoose.mongo.Document>(
  name: string,
  toEntry: (old: T) => AuditEntry,
): Promise<number> {
  let copied = 0;
  let batch: AuditEntry[] = [];
  const flush = async () => {
    await bulkWriteInBatches<AuditEntry>(
      AUDIT_COLLECTION,
      batch.map((entry) => ({ insertOne: { document: entry } })),
    );
    copied += batch.length;
    batch = [];
  };
  try {
    for await (const old of mongoose.connection.db!.collection<T>(name).find({})) {
      batch.push(toEntry(old as T));
      if (batch.length === BATCH) await flush();
    }
  } catch (error) {
    // Dropped while read: another process starting copied all of it first.
    if (await hasCollection(name)) throw error;
  }
  await flush();
  return copied;
}

export async function foldAuditLogs(logger: Logger): Promise<void> {
  const grants = await copyIntoAuditLog('admin_grant_attempts', OLD.admin_grant_attempts);
  const releases = await copyIntoAuditLog('release_audit', OLD.release_audit);
  await dropCollectionIfThere('admin_grant_attempts');
  await dropCollectionIfThere('release_audit');
  if (grants + releases > 0)
    logger.info(
      { grants, releases },
      'Moved the admin grants’ and releases’ audits into audit_log',
    );
}
