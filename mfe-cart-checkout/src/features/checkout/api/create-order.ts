// POST /api/orders: turns the session's cart into an unpaid order (the server prices everything).
import type { CreateOrderInput, CreatedOrder } from '@shop/contracts';
import { apiJson } from 'shell/store';
import { checkoutSchemas } from './checkout-schemas';

export type { CreateOrderInput, CreatedOrder };

export async function createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
  const { createOrderSchema, createdOrderSchema } = await checkoutSchemas();
  const body = createOrderSchema.parse(input);
  return createdOrderSchema.parse(await apiJson<unknown>('/api/orders', { method: 'POST', body }));
}
