import mongoose, { Schema, type Types } from 'mongoose';
import type { MailKind } from '@shop/contracts';

/**
 * One message in the outbox: queued by the request that caused it, sent by the mail worker. With no
 * mail server configured the outbox is where messages are read (the admin's Outbox tab).
 */
export interface OutboxRecord {
  _id: Types.ObjectId;
  /**
   * What the message is about, unique: inserting a second message with the same key fails, so a retried
   * payment or request queues one message, on FerretDB v1 as on MongoDB (an insert under a unique index).
   */
  key: string;
  kind: MailKind;
  to: string;
  replyTo: string | null;
  subject: string;
  /** The message's parts; a reset or confirmation link's token is hidden once sent (mail.ts). */
  text: string;
  html: string;
  createdAt: Date;
  /** When the mail server took it (or, with no mail server, when it was put in the outbox). */
  sentAt: Date | null;
  /** The last failure, kept after a later success is not needed: cleared when sent. */
  error: string | null;
  attempts: number;
  /** When the worker may try again (backoff after a failure). */
  nextAttemptAt: Date;
  /** The mail server refused it for good (a 5xx answer): no more tries. */
  failedAt: Date | null;
  /**
   * Files sent with it, by reference (`proof:{orderId}:{lineId}:{revision}`): the worker reads each
   * when sending, so the outbox does not hold copies of the PDFs.
   */
  attachments: MailAttachmentRef[];
  /** Its place on the admin's list (`outbox_positions {_id: "k"}`), null until taken. */
  position: number | null;
}

export interface MailAttachmentRef {
  filename: string;
  ref: string;
}

const outboxSchema = new Schema<OutboxRecord>(
  {
    key: { type: String, required: true },
    kind: { type: String, required: true },
    to: { type: String, required: true },
    replyTo: { type: String, default: null },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    html: { type: String, required: true },
    createdAt: { type: Date, required: true },
    sentAt: { type: Date, default: null },
    error: { type: String, default: null },
    attempts: { type: Number, required: true, default: 0 },
    nextAttemptAt: { type: Date, required: true },
    failedAt: { type: Date, default: null },
    attachments: { type: [{ _id: false, filename: String, ref: String }], default: [] },
    position: { type: Number, default: null },
  },
  { versionKey: false },
);
outboxSchema.index({ key: 1 }, { unique: true });
outboxSchema.index({ sentAt: 1, nextAttemptAt: 1 });

export const OutboxModel = mongoose.model<OutboxRecord>('Outbox', outboxSchema, 'outbox');

/**
 * One send attempt taken by one worker: _id is `{messageId}:{attempt}`, so two workers (replicas) never
 * send the same attempt (FerretDB v1 has no atomic conditional update; a unique insert is atomic).
 */
export interface MailClaimRecord {
  _id: string;
  claimedAt: Date;
}

const mailClaimSchema = new Schema<MailClaimRecord>(
  {
    _id: { type: String, required: true },
    claimedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export const MailClaimModel = mongoose.model<MailClaimRecord>(
  'MailClaim',
  mailClaimSchema,
  'mail_claims',
);

/**
 * The admin's outbox list, newest last: `{_id: "k", mailId}`, k = 1, 2, ... taken by an insert
 * (platform/sequence.ts), so a page is read by position lookups, not by sorting the outbox.
 */
export interface OutboxPositionRecord {
  _id: string;
  mailId: Types.ObjectId;
}

export const OutboxPositionModel = mongoose.model<OutboxPositionRecord>(
  'OutboxPosition',
  new Schema<OutboxPositionRecord>(
    {
      _id: { type: String, required: true },
      mailId: { type: Schema.Types.ObjectId, required: true },
    },
    { versionKey: false },
  ),
  'outbox_positions',
);

/**
 * The mail worker's queue: one entry per attempt due, `_id` `{second}[:s{slot}]:{n}` (the second it
 * is due, the writer's slot of it, platform/sequence.ts, and n = 1, 2, ... taken by an insert), so the
 * worker reads the seconds from its cursor up to now by
 * lookups instead of filtering the outbox (api/README.md, "Mail"). doneAt is set once the attempt
 * was made (or the entry found stale).
 */
export interface MailDueRecord {
  _id: string;
  mailId: Types.ObjectId;
  attempt: number;
  createdAt: Date;
  doneAt: Date | null;
}

export const MailDueModel = mongoose.model<MailDueRecord>(
  'MailDue',
  new Schema<MailDueRecord>(
    {
      _id: { type: String, required: true },
      mailId: { type: Schema.Types.ObjectId, required: true },
      attempt: { type: Number, required: true },
      createdAt: { type: Date, required: true },
      doneAt: { type: Date, default: null },
    },
    { versionKey: false },
  ),
  'mail_due',
);
