/**
 * Runtime schemas for the checkout answers that orders.ts and payments.ts describe as types, so the
 * checkout page can check what it is given (docs/design.md section 5a). Each schema is tied to its type:
 * the two cannot drift apart without a type error here.
 */
import { z } from 'zod';
import type { CreatedOrder } from './orders';
import type { CompletedPayment, PaymentConfig } from './payments';
import { PAYMENT_PROVIDERS } from './payments';

/** GET /api/payment/config. */
export const paymentConfigSchema = z.object({
  applicationId: z.string(),
  locationId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  scriptUrl: z.string(),
}) satisfies z.ZodType<PaymentConfig>;

/** POST /api/orders (201, or 200 when the session's unpaid order for the same cart is reused). */
export const createdOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number(),
  total: z.number(),
}) satisfies z.ZodType<CreatedOrder>;

/** POST /api/payment/complete (200; a declined card is a 402 with the provider's reason as message). */
export const completedPaymentSchema = z.object({
  success: z.literal(true),
  orderId: z.string(),
  orderNumber: z.number(),
  total: z.number(),
  paymentId: z.string(),
}) satisfies z.ZodType<CompletedPayment>;
