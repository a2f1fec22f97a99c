import { useQuery } from '@tanstack/react-query';
import type { OrderHistoryEntry } from '@shop/contracts/orders';
import { apiJson, ordersQueryKey, queryClient } from 'shell/store';
import { orderSchemas } from '../../../api/order-schemas';

export type { OrderHistoryEntry };

export const ORDERS_FAILED_MESSAGE = 'Failed to fetch orders';

/** GET /api/orders: the signed-in customer's orders, newest first. */
export async function getOrders(): Promise<OrderHistoryEntry[]> {
  try {
    const [schemas, answer] = await Promise.all([orderSchemas(), apiJson<unknown>('/api/orders')]);
    return schemas.orderHistorySchema.parse(answer);
  } catch (error) {
    throw new Error(ORDERS_FAILED_MESSAGE, { cause: error });
  }
}

/**
 * The order list, read only when someone is signed in. The key carries the customer, so one customer
 * never sees another's cached list; sign-in and sign-out invalidate everything under ordersQueryKey.
 */
export function useOrders(customerId: string | undefined) {
  return useQuery(
    {
      queryKey: [...ordersQueryKey, customerId],
      queryFn: getOrders,
      enabled: Boolean(customerId),
    },
    queryClient,
  );
}
