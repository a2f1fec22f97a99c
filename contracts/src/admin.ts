// Admin calls: the secret at /admin-setup, customers and orders (docs/product.md sections 5 to 7).
import { z } from 'zod';
import type { ShopUser } from './shop-store';
import { CARRIERS, ORDER_STATUSES, type AdminOrder } from './orders';
import { keyPageQuerySchema } from './paging';

export const ADMIN_SECRET_ATTEMPTS = 3;
export const ADMIN_SECRET_WINDOW_MINUTES = 15;

export const adminMessages = {
  secretRequired: 'Please enter the admin secret key',
  secretInvalid: 'Invalid admin secret',
  tooManyAttempts: `Too many attempts: at most ${ADMIN_SECRET_ATTEMPTS} every ${ADMIN_SECRET_WINDOW_MINUTES} minutes. Please try again later.`,
  adminNotDeletable: 'Admin accounts cannot be deleted',
} as const;

/** POST /api/admin/make-admin; the same secret also goes as `Authorization: Bearer <secret>`. */
export const makeAdminSchema = z.object({
  secret: z
    .string({ error: adminMessages.secretRequired })
    .min(1, adminMessages.secretRequired)
    .max(500, adminMessages.secretInvalid),
});
export type MakeAdminInput = z.input<typeof makeAdminSchema>;

export interface AdminStatus {
  isAdmin: boolean;
}

/**
 * GET /api/admin/customers?before=&limit=: the answer is the page's customers (the product's "customer
 * list"), newest first; the id to ask `before` for the next page is in this header, absent after the
 * last page.
 */
export const adminCustomersQuerySchema = keyPageQuerySchema('a customer');
export type AdminCustomersQuery = z.input<typeof adminCustomersQuerySchema>;
export const NEXT_BEFORE_HEADER = 'x-next-before';

/** GET /api/admin/orders?page=&pageSize=&status= */
export const adminOrdersQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(100, 'pageSize must be at most 100')
    .default(20),
  status: z
    .enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` })
    .optional(),
  /** An order number, or part of the customer's email or name. */
  q: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  /** Placed on or after this day, on or before that day (YYYY-MM-DD, the shop's time zone). */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'from must be a date (YYYY-MM-DD)')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'to must be a date (YYYY-MM-DD)')
    .optional(),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

export interface AdminOrderPage {
  orders: AdminOrder[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** PATCH /api/admin/orders/{id}: shipped -> completed (shipping and cancelling have their own calls). */
export const updateOrderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
});

const TRACKING_NUMBER = /^[A-Za-z0-9 -]+$/;

/** POST /api/admin/orders/{id}/ship */
export const shipOrderSchema = z
  .object({
    carrier: z.enum(CARRIERS, { error: 'Carrier must be USPS, UPS or other' }),
    trackingNumber: z
      .string({ error: 'Tracking number is required' })
      .trim()
      .min(1, 'Tracking number is required')
      .max(60, 'Tracking number must be at most 60 characters')
      .regex(TRACKING_NUMBER, 'Tracking number may contain only letters, digits, spaces and -'),
    /** For another carrier: its tracking page (https). */
    trackingUrl: z
      .url({ protocol: /^https$/, error: 'Tracking link must be an https:// address' })
      .max(500, 'Tracking link must be at most 500 characters')
      .nullish(),
  })
  .refine((value) => value.carrier === 'other' || !value.trackingUrl, {
    path: ['trackingUrl'],
    message: 'USPS and UPS tracking links are made from the tracking number',
  });
export type ShipOrderInput = z.input<typeof shipOrderSchema>;

/** POST /api/admin/orders/{id}/cancel: the refund in dollars (0 to the amount charged). */
export const cancelOrderSchema = z.object({
  refundAmount: z
    .number({ error: 'Refund amount must be a number' })
    .min(0, 'Refund amount cannot be negative')
    .refine(
      (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
      'Refund amount must be in whole cents',
    ),
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(500, 'Reason must be at most 500 characters')
    .optional()
    .default(''),
});
export type CancelOrderInput = z.input<typeof cancelOrderSchema>;

/** POST /api/admin/orders/{id}/notes */
export const orderNoteSchema = z.object({
  text: z
    .string({ error: 'Note is required' })
    .trim()
    .min(1, 'Note is required')
    .max(2000, 'Note must be at most 2000 characters'),
});
export type UpdateOrderStatusInput = z.input<typeof updateOrderStatusSchema>;

/** The one step allowed into each status. */
export const ORDER_STATUS_PREDECESSOR = {
  shipped: 'processing',
  completed: 'shipped',
} as const;

/** GET /api/admin/customers/{id}: the customer and their paid orders, newest first. */
export interface AdminCustomerDetail {
  customer: ShopUser;
  orders: AdminOrder[];
}
