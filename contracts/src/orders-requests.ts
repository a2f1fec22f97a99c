// The schemas of the order calls' request bodies, which the API parses and the lookup form checks.
// They are apart from orders.ts so that the pages that only show orders run no zod (docs/design.md,
// "The order pages' first render runs no zod").
import { z } from 'zod';
import { REORDER_SERIES_CHOICES } from './orders';
import { keyPageQuerySchema } from './paging';

/** POST /api/orders/{id}/reorder: a numbered series is repeated as ordered (the default), or continued. */
export const reorderRequestSchema = z.strictObject({
  series: z
    .enum(REORDER_SERIES_CHOICES, { error: 'series must be repeat or continue' })
    .optional()
    .default('repeat'),
});
export type ReorderRequest = z.input<typeof reorderRequestSchema>;

/** POST /api/orders/lookup: the email the order was placed with and its number (the form's schema too). */
export const orderLookupSchema = z.strictObject({
  email: z
    .string({ error: 'Email address is required.' })
    .trim()
    .min(1, 'Email address is required.')
    .max(254, 'Email address is too long.')
    .pipe(z.email({ error: 'Please enter a valid email address (e.g., name@example.com).' })),
  orderNumber: z
    .string({ error: 'Order number is required.' })
    .trim()
    .min(1, 'Order number is required.')
    .regex(/^#?\d{1,12}$/, 'Please enter the order number from your confirmation (e.g., 1001).')
    .transform((value) => Number(value.replace('#', ''))),
});
export type OrderLookupInput = z.input<typeof orderLookupSchema>;

/**
 * GET /api/orders?before=&limit=: the body is the page's orders (the spec's "order list"), newest
 * first; the id to ask `before` for the next page is in the x-next-before header, absent after the
 * last page (as GET /api/admin/customers).
 */
export const orderHistoryQuerySchema = keyPageQuerySchema('an order').strict();
export type OrderHistoryQuery = z.input<typeof orderHistoryQuerySchema>;
