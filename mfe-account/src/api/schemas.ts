// The schemas of the answers the order pages read (the order list, an order, its proof, "Order
// again"), in a chunk of their own that order-schemas.ts loads: the pages' first render evaluates no
// zod (docs/design.md, "The order pages' first render runs no zod").
export {
  orderDetailSchema,
  orderHistorySchema,
  reorderOptionsSchema,
  reorderResultSchema,
} from '@shop/contracts/orders-answers';
export { orderProofSchema } from '@shop/contracts/proof-workflow';
