// POST /api/orders: turns the session's cart into an unpaid order (the server prices everything).
import { createOrderSchema, type CreateOrderInput, type CreatedOrder } from '@shop/contracts';
import { createdOrderSchema } from '@shop/contracts/checkout-answers';
import { apiJson } from 'shell/store';

export type { CreateOrderInput, CreatedOrder };

export async function createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
  const body = createOrderSchema.parse(input);
  return createdOrderSchema.parse(await apiJson<unknown>('/api/orders', { method: 'POST', body }));
}
