// Transactional email as the admin's Outbox shows it (GET /api/admin/outbox).
import { z } from 'zod';

export const MAIL_KINDS = [
  'order_confirmation',
  'order_shipped',
  'order_cancelled',
  'admin_new_order',
  'enquiry_forward',
  'enquiry_received',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  order_confirmation: 'Order confirmation',
  order_shipped: 'Order shipped',
  order_cancelled: 'Order cancelled',
  admin_new_order: 'New paid order (to the shop)',
  enquiry_forward: 'Enquiry (to the shop)',
  enquiry_received: 'Enquiry received',
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
}

/** GET /api/admin/outbox?before={id}&limit=: newest first; `before` is the last id of the page read. */
export const outboxQuerySchema = z.object({
  before: z
    .string()
    .regex(/^[a-f0-9]{24}$/, 'before must be the id of a message')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

export interface OutboxPage {
  messages: OutboxMessage[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: string | null;
}
