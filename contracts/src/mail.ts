// Transactional email as the admin's Outbox shows it (GET /api/admin/outbox).
import { z } from 'zod';
import { keyPageQuerySchema } from './paging';

export const MAIL_KINDS = [
  'order_confirmation',
  'order_shipped',
  'order_cancelled',
  'admin_new_order',
  'enquiry_forward',
  'enquiry_received',
  'proof_request',
  'proof_reminder',
  'proof_approved',
  'order_link',
  'password_reset',
  'email_confirmation',
  'email_changed',
  'account_deleted',
  'proof_overridden',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  order_confirmation: 'Order confirmation',
  order_shipped: 'Order shipped',
  order_cancelled: 'Order cancelled',
  admin_new_order: 'New paid order (to the shop)',
  enquiry_forward: 'Enquiry (to the shop)',
  enquiry_received: 'Enquiry received',
  proof_request: 'Proof to approve',
  proof_reminder: 'Proof reminder',
  proof_approved: 'Proof approved (in production)',
  order_link: 'Link to an order (order lookup)',
  password_reset: 'Password reset',
  email_confirmation: 'Email confirmation',
  email_changed: 'Email changed (to the old address)',
  account_deleted: 'Account deleted',
  proof_overridden: 'In production without approval',
};

/** One message: sentAt null while queued; error is the last failed attempt's reason. */
export interface OutboxMessage {
  id: string;
  to: string;
  replyTo: string | null;
  subject: string;
  kind: MailKind;
  text: string;
  html: string;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
  /** When the mail server refused it for good (a 5xx: a bad address): never tried again. */
  failedAt: string | null;
  /** File names of the attachments (a proof's PDFs). */
  attachments: string[];
}

/** GET /api/admin/outbox?before={id}&limit=: newest first; `before` is the last id of the page read. */
export const outboxQuerySchema = keyPageQuerySchema('a message');
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

export interface OutboxPage {
  /**
   * Whether a mail server is configured (MAIL_URL): without one nothing leaves the shop, and a
   * message the worker has handled (sentAt) is kept in the outbox, not sent.
   */
  mailServer: boolean;
  messages: OutboxMessage[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: string | null;
}
