import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { ReorderResult } from '@shop/contracts/orders';
import { reorderResultSchema, type ReorderNotice } from '@shop/contracts/orders-answers';
import { apiErrorMessage, apiJson, queryClient, setCartAnswer, toast } from 'shell/store';

/** POST /api/orders/{id}/reorder: the order's lines into this shopper's cart at today's prices. */
export async function reorder(orderId: string, access: string | null): Promise<ReorderResult> {
  const path = `/api/orders/${orderId}/reorder${access ? `?access=${encodeURIComponent(access)}` : ''}`;
  return reorderResultSchema.parse(await apiJson<unknown>(path, { method: 'POST' }));
}

/**
 * "Order again": on success the cart cache takes the answer and the shopper lands on /cart, whose
 * notice names the price changes and any artwork no longer on file.
 */
export function useReorder(order: { id: string; orderNumber: number }, access: string | null) {
  const navigate = useNavigate();
  return useMutation(
    {
      mutationFn: () => reorder(order.id, access),
      onSuccess: (result) => {
        setCartAnswer(result.cart);
        const notice: ReorderNotice = {
          orderNumber: order.orderNumber,
          added: result.added,
          priceChanges: result.priceChanges,
          missingArtwork: result.missingArtwork,
        };
        navigate('/cart', { state: { reorder: notice } });
      },
      onError: (error) => {
        toast({
          title: 'Could not order again',
          description: apiErrorMessage(error) ?? 'Please try again.',
          variant: 'destructive',
        });
      },
    },
    queryClient,
  );
}
