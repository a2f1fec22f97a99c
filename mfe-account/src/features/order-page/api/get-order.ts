import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@shop/contracts/orders';
import { apiJson, ordersQueryKey, queryClient } from 'shell/store';
import { orderSchemas } from '../../../api/order-schemas';
import { withAccess } from '../../../api/with-access';

export type { OrderDetail };

/** GET /api/orders/by-number/{n}: the order for its owner or the holder of its guest link. */
export async function getOrderByNumber(
  orderNumber: number,
  access: string | null,
): Promise<OrderDetail> {
  const [schemas, answer] = await Promise.all([
    orderSchemas(),
    apiJson<unknown>(withAccess(`/api/orders/by-number/${orderNumber}`, access)),
  ]);
  return schemas.orderDetailSchema.parse(answer);
}

/**
 * The order under ordersQueryKey (sign-in and sign-out invalidate it), keyed by who asks: the
 * customer and the guest link, so one reader never sees another's cached answer.
 */
export function useOrder(orderNumber: number, access: string | null, customerId: string | null) {
  return useQuery(
    {
      queryKey: [...ordersQueryKey, 'by-number', orderNumber, customerId, access],
      queryFn: () => getOrderByNumber(orderNumber, access),
      retry: false,
    },
    queryClient,
  );
}
