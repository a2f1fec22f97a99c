// The contracts' schemas the cart runs, in a chunk of their own with zod: loaded by cartSchemas
// (cart-schemas.ts) when the shopper first changes the cart, so zod stays off the cart page's first render.
export {
  applyDiscountResponseSchema,
  applyDiscountSchema,
  cartChangeResponseSchema,
  cartDeleteResponseSchema,
  cartQuantitySchema,
} from '@shop/contracts';
export { reorderNoticeSchema } from '@shop/contracts/orders-answers';
