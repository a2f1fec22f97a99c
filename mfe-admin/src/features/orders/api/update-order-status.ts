import { adminOrderSchema } from '@shop/contracts/orders-answers';
import { useMutation } from '@tanstack/react-query';
import { shownStatusLabel, type AdminOrder, type OrderStatus } from '@shop/contracts/orders';
import { apiJson, queryClient, toast } from 'shell/store';
import { readOrdersAgain } from './get-admin-orders';
import { toastFailure } from '../../../lib/toast-failure';

/** PATCH /api/admin/orders/{id}: shipped -> completed (shipping and cancelling: order-actions.ts). */
export async function updateOrderStatus({
  order,
  status,
}: {
  order: AdminOrder;
  status: OrderStatus;
}): Promise<AdminOrder> {
  return apiJson<unknown>(`/api/admin/orders/${encodeURIComponent(order.id)}`, {
    method: 'PATCH',
    body: { status },
  }).then((answer) => adminOrderSchema.parse(answer));
}

export function useUpdateOrderStatus() {
  return useMutation(
    {
      mutationFn: updateOrderStatus,
      onSuccess: async (updated) => {
        toast({
          title: 'Order updated',
          // In the words of its badge, as the list and the dialog show it.
          description: `Order #${updated.orderNumber} is now ${shownStatusLabel(updated.status, updated.proofStatus)}.`,
        });
        await readOrdersAgain();
      },
      onError: toastFailure('Update failed', {
        then: readOrdersAgain,
      }),
    },
    queryClient,
  );
}
