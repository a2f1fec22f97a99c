import { useInfiniteQuery } from '@tanstack/react-query';
import { NEXT_BEFORE_HEADER, type OrderHistoryEntry } from '@shop/contracts/orders';
import { apiRequest, ordersQueryKey, queryClient } from 'shell/store';
import { orderSchemas } from '../../../api/order-schemas';

export type { OrderHistoryEntry };

export const ORDERS_FAILED_MESSAGE = 'Failed to fetch orders';
/** Orders a page of the history shows (the API's default page). */
export const ORDERS_PAGE_SIZE = 20;

export interface OrdersPage {
  orders: OrderHistoryEntry[];
  nextBefore: string | null;
}

/**
 * GET /api/orders: a page of the signed-in customer's orders, newest first, after the order `before`;
 * the next page's place comes in the x-next-before header (the body stays the list of orders).
 */
export async function getOrders(before?: string): Promise<OrdersPage> {
  const query = new URLSearchParams({ limit: String(ORDERS_PAGE_SIZE) });
  if (before) query.set('before', before);
  try {
    const [schemas, response] = await Promise.all([
      orderSchemas(),
      apiRequest(`/api/orders?${query.toString()}`),
    ]);
    const orders = schemas.orderHistorySchema.parse(await response.json());
    return { orders, nextBefore: response.headers.get(NEXT_BEFORE_HEADER) };
  } catch (error) {
    throw new Error(ORDERS_FAILED_MESSAGE, { cause: error });
  }
}

/**
 * The order history page by page, read only when someone is signed in. The key carries the customer,
 * so one customer never sees another's cached list; sign-in and sign-out invalidate everything under
 * ordersQueryKey.
 */
export function useOrders(customerId: string | undefined) {
  return useInfiniteQuery(
    {
      queryKey: [...ordersQueryKey, customerId],
      queryFn: ({ pageParam }) => getOrders(pageParam || undefined),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextBefore ?? undefined,
      enabled: Boolean(customerId),
    },
    queryClient,
  );
}
