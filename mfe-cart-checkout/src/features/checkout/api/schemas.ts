// The contracts' schemas the checkout runs, in a chunk of their own with zod: loaded by checkoutSchemas
// (checkout-schemas.ts) when the checkout first reads an answer or checks the form, so zod stays off
// the checkout page's first render.
export { ZodError } from 'zod';
export {
  cartQuerySchema,
  completePaymentSchema,
  createOrderSchema,
  customerInfoSchema,
  shippingEstimateResponseSchema,
  shippingEstimateSchema,
  shopUserSchema,
} from '@shop/contracts';
export {
  completedPaymentSchema,
  createdOrderSchema,
  paymentConfigSchema,
} from '@shop/contracts/checkout-answers';
export { checkoutQuoteAnswerSchema } from '@shop/contracts/orders-answers';
export { saveLastOrder } from '../../../lib/last-order';
