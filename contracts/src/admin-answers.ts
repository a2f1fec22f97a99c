/**
 * Runtime schemas for the admin panel's answers, each tied to its type so the two cannot drift apart.
 */
import { z } from 'zod';
import { shopUserSchema } from './accounts-answers';
import type { AdminCustomerDetail, AdminOrderPage, AdminStatus } from './admin';
import type { AdminEnquiry, AdminEnquiryPage } from './contact';
import { MAIL_KINDS, type OutboxPage } from './mail';
import { adminOrderSchema } from './orders-answers';

/** GET /api/admin/status */
export const adminStatusSchema = z.object({
  isAdmin: z.boolean(),
  timeZone: z.string().optional(),
}) satisfies z.ZodType<AdminStatus>;

/** POST /api/admin/make-admin */
export const madeAdminSchema = z.object({
  success: z.literal(true),
  isAdmin: z.literal(true),
  user: shopUserSchema,
});
export type MadeAdmin = z.infer<typeof madeAdminSchema>;

/** GET /api/admin/customers */
export const adminCustomerListSchema = z.array(shopUserSchema);

/** GET /api/admin/customers/{id} */
export const adminCustomerDetailSchema = z.object({
  customer: shopUserSchema,
  orders: z.array(adminOrderSchema),
  nextBefore: z.string().nullable(),
}) satisfies z.ZodType<AdminCustomerDetail>;

/** GET /api/admin/orders */
export const adminOrderPageSchema = z.object({
  orders: z.array(adminOrderSchema),
  pageSize: z.number(),
  nextBefore: z.string().nullable(),
}) satisfies z.ZodType<AdminOrderPage>;

/** GET /api/admin/outbox */
export const outboxPageSchema = z.object({
  mailServer: z.boolean(),
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      replyTo: z.string().nullable(),
      subject: z.string(),
      kind: z.enum(MAIL_KINDS),
      text: z.string(),
      html: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      error: z.string().nullable(),
      // Missing from an API before it: not refused.
      failedAt: z.string().nullable().default(null),
      attachments: z.array(z.string()),
    }),
  ),
  nextBefore: z.string().nullable(),
}) satisfies z.ZodType<OutboxPage>;

/** One enquiry (PATCH /api/admin/enquiries/{id} answers with it). */
export const adminEnquirySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
}) satisfies z.ZodType<AdminEnquiry>;

/** GET /api/admin/enquiries */
export const adminEnquiryPageSchema = z.object({
  enquiries: z.array(adminEnquirySchema),
  nextBefore: z.string().nullable(),
}) satisfies z.ZodType<AdminEnquiryPage>;
