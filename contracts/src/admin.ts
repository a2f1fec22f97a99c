// Admin calls: the secret at /admin-setup, customers and orders (SPEC.md sections 5 to 7).
import { z } from 'zod';
import { ORDER_STATUSES, type AdminOrder } from './orders';

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
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

export interface AdminOrderPage {
  orders: AdminOrder[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** PATCH /api/admin/orders/{id}: processing -> shipped -> completed, one step at a time. */
export const updateOrderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
});
export type UpdateOrderStatusInput = z.input<typeof updateOrderStatusSchema>;

/** The one step allowed into each status. */
export const ORDER_STATUS_PREDECESSOR = {
  shipped: 'processing',
  completed: 'shipped',
} as const;
