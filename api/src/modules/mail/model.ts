import mongoose, { Schema, type Types } from 'mongoose';
import type { MailKind } from '@shop/contracts';

/**
 * Where a message stands: `queued` until a worker claims it (due at nextAttemptAt), `sending` while a
 * worker holds it (until claimedUntil: a worker that stopped mid-send loses it then), `sent`, or
 * `failed` once the mail server refused it for good or its link expired before it could be sent.
 */
const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * One message in the outbox: queued by the request that caused it, sent by the mail worker. With no
 * mail server configured the outbox is where messages are read (the admin's Outbox tab).
 */
export interface OutboxRecord {
  _id: Types.ObjectId;
  /**
   * What the message is about, unique: a second message with the same key is refused by the index,
   * so a retried payment or request queues one message.
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
  status: MailStatus;
  /** When the mail server took it (or, with no mail server, when it was put in the outbox). */
  sentAt: Date | null;
  /** The last failure; cleared when sent. */
  error: string | null;
  attempts: number;
  /** When the worker may try it (now when queued, later after a failure). */
  nextAttemptAt: Date;
  /** While `sending`: when the claiming worker's lease ends and the message is due again. */
  claimedUntil: Date | null;
  /** While `sending`: the claiming worker's round (a random token), which alone writes the outcome. */
  claimedBy: string | null;
  /** The mail server refused it for good (a 5xx answer), or its link expired first: no more tries. */
  failedAt: Date | null;
  /** When the link it carries stops working (a reset link's hour): not sent after it. */
  linkExpiresAt?: Date | null;
  /**
   * Files sent with it, by reference (`proof:{orderId}:{lineId}:{revision}`): the worker makes or
   * reads each when sending, so the outbox does not hold copies of the PDFs.
   */
  attachments: MailAttachmentRef[];
}

export interface MailAttachmentRef {
  filename: string;
  ref: string;
  /**
   * What the module that queued it needs to make the file, written with the message (a proof's
   * line as the revision shows it), so sending reads nothing else; opaque to the mail module.
   * Absent on a message queued without it: the loader reads what it needs.
   */
  source?: Record<string, unknown> | null;
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
    status: { type: String, required: true, enum: MAIL_STATUSES },
    sentAt: { type: Date, default: null },
    error: { type: String, default: null },
    attempts: { type: Number, required: true, default: 0 },
    nextAttemptAt: { type: Date, required: true },
    claimedUntil: { type: Date, default: null },
    claimedBy: { type: String, default: null },
    failedAt: { type: Date, default: null },
    linkExpiresAt: { type: Date, default: null },
    attachments: {
      type: [{ _id: false, filename: String, ref: String, source: Schema.Types.Mixed }],
      default: [],
    },
  },
  { versionKey: false },
);
outboxSchema.index({ key: 1 }, { unique: true });
// The worker's due messages, and the leases of stopped workers to take back.
outboxSchema.index({ status: 1, nextAttemptAt: 1 });
outboxSchema.index({ status: 1, claimedUntil: 1 });
// The admin's Outbox, newest first.
outboxSchema.index({ createdAt: -1, _id: -1 });

export const OutboxModel = mongoose.model<OutboxRecord>('Outbox', outboxSchema, 'outbox');
