// The audit log of privileged actions (api/README.md, "Data access"): who did what, to what, from
// where and when, one document each. A module keeps its own kind of entry through `auditLog(kind)`:
// the admin secret's attempts (subject: the customer's id) and the release registry's changes
// (subject: the remote). One collection and one index serve every kind.
import mongoose, { Schema, type Types } from 'mongoose';
import { olderThan, pageOf, type KeyPage } from './db';

export const AUDIT_KINDS = ['admin_grant', 'release'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_COLLECTION = 'audit_log';

/** One privileged action; `details` are the kind's own (an outcome, a change of version). */
export interface AuditEntry<Details extends object = Record<string, unknown>> {
  _id: Types.ObjectId;
  kind: AuditKind;
  /** What it was done to: a customer's id, a remote. */
  subject: string;
  /** Who did it: an email, or what the CLI says. */
  by: string;
  /** From where: an address, or "cli". */
  origin: string;
  at: Date;
  details: Details;
}

const auditSchema = new Schema<AuditEntry>(
  {
    kind: { type: String, required: true, enum: AUDIT_KINDS },
    subject: { type: String, required: true },
    by: { type: String, required: true },
    origin: { type: String, required: true },
    at: { type: Date, required: true },
    details: { type: Schema.Types.Mixed, required: true },
  },
  { versionKey: false, minimize: false },
);
// A kind's entries about one subject, newest first (the only read: auditLog(kind).list).
auditSchema.index({ kind: 1, subject: 1, at: -1, _id: -1 });

const AuditModel = mongoose.model<AuditEntry>('AuditEntry', auditSchema, AUDIT_COLLECTION);

/** The entries of one kind: recorded as of now, listed by subject newest first, a page at a time. */
export function auditLog<Details extends object>(kind: AuditKind) {
  return {
    async record(entry: Pick<AuditEntry<Details>, 'subject' | 'by' | 'origin' | 'details'>) {
      await AuditModel.create({ ...entry, kind, at: new Date() });
    },

    /** `limit` entries about `subject`, newest first, after the entry `before` (by its id). */
    async list(
      subject: string,
      { limit, before }: { limit: number; before?: string },
    ): Promise<KeyPage<AuditEntry<Details>>> {
      let after = {};
      if (before) {
        if (!mongoose.isObjectIdOrHexString(before)) return { items: [], next: null };
        const last = await AuditModel.findOne({ kind, subject, _id: before }, { at: 1 }).lean();
        if (!last) return { items: [], next: null };
        after = olderThan('at', last);
      }
      const found = await AuditModel.find({ kind, subject, ...after })
        .sort({ at: -1, _id: -1 })
        .limit(limit + 1)
        .lean<Array<AuditEntry<Details>>>();
      return pageOf(found, limit);
    },
  };
}
