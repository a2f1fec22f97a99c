import {
  adminOrderDetailSchema,
  adminOrderSchema,
  orderNoteAnswerSchema,
} from '@shop/contracts/orders-answers';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CancelOrderInput, ShipOrderInput } from '@shop/contracts/admin';
import type { AdminOrderDetail } from '@shop/contracts/orders';
import { formatDollars } from '@shop/contracts/money';
import { apiJson, queryClient, toast } from 'shell/store';
import { adminOrdersQueryKey, readOrdersAgain } from './get-admin-orders';
import { toastFailure } from '../../../lib/toast-failure';

export type { AdminOrderDetail };

const detailKey = (id: string) => [...adminOrdersQueryKey, 'detail', id] as const;

/** GET /api/admin/orders/{id}: the order with its history and internal notes. */
export function useAdminOrderDetail(id: string | null) {
  return useQuery(
    {
      queryKey: detailKey(id ?? ''),
      queryFn: () =>
        apiJson<unknown>(`/api/admin/orders/${encodeURIComponent(id ?? '')}`).then((answer) =>
          adminOrderDetailSchema.parse(answer),
        ),
      enabled: id !== null,
      staleTime: 0,
    },
    queryClient,
  );
}

/** POST /api/admin/orders/{id}/ship: the shipped email goes out with the tracking link. */
export function useShipOrder() {
  return useMutation(
    {
      mutationFn: ({ id, input }: { id: string; input: ShipOrderInput }) =>
        apiJson<unknown>(`/api/admin/orders/${encodeURIComponent(id)}/ship`, {
          method: 'POST',
          body: input,
        }).then((answer) => adminOrderSchema.parse(answer)),
      onSuccess: async (order) => {
        toast({
          title: 'Order shipped',
          description: `Order #${order.orderNumber} is marked shipped; the customer is emailed the tracking link.`,
        });
        await readOrdersAgain();
      },
      onError: toastFailure('Could not mark the order shipped', { then: readOrdersAgain }),
    },
    queryClient,
  );
}

/** POST /api/admin/orders/{id}/cancel: cancels and refunds through the payment provider, once. */
export function useCancelOrder() {
  return useMutation(
    {
      mutationFn: ({ id, input }: { id: string; input: CancelOrderInput }) =>
        apiJson<unknown>(`/api/admin/orders/${encodeURIComponent(id)}/cancel`, {
          method: 'POST',
          body: input,
        }).then((answer) => adminOrderSchema.parse(answer)),
      onSuccess: async (order) => {
        toast({
          title: 'Order cancelled',
          description: `Order #${order.orderNumber} is cancelled; ${formatDollars(order.refunded)} refunded.`,
        });
        await readOrdersAgain();
      },
      onError: toastFailure('Could not cancel the order', { then: readOrdersAgain }),
    },
    queryClient,
  );
}

/** POST /api/admin/orders/{id}/notes: an internal note (the customer never sees it). */
export function useAddOrderNote() {
  return useMutation(
    {
      mutationFn: ({ id, text }: { id: string; text: string }) =>
        apiJson<unknown>(`/api/admin/orders/${encodeURIComponent(id)}/notes`, {
          method: 'POST',
          body: { text },
        }).then((answer) => orderNoteAnswerSchema.parse(answer)),
      onSuccess: readOrdersAgain,
      onError: toastFailure('Could not add the note'),
    },
    queryClient,
  );
}
