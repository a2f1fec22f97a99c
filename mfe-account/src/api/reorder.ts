import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { ReorderResult } from '@shop/contracts/orders';
import type { ReorderRequest } from '@shop/contracts/orders-requests';
import type { ReorderNotice } from '@shop/contracts/orders-answers';
import { apiErrorMessage, apiJson, queryClient, setCartAnswer, toast } from 'shell/store';
import { orderSchemas } from './order-schemas';
import { withAccess } from './with-access';

const reorderPath = (orderId: string, access: string | null) =>
  withAccess(`/api/orders/${orderId}/reorder`, access);

/**
 * POST /api/orders/{id}/reorder: the order's lines into this shopper's cart at today's prices; a
 * numbered series repeated as ordered, or continued after the highest number ordered (`series`).
 */
export async function reorder(
  orderId: string,
  access: string | null,
  series?: ReorderRequest['series'],
): Promise<ReorderResult> {
  // The schemas first: the cart is not changed by an answer that could not be read back.
  const { reorderResultSchema } = await orderSchemas();
  return reorderResultSchema.parse(
    await apiJson<unknown>(reorderPath(orderId, access), {
      method: 'POST',
      ...(series ? { body: { series } } : {}),
    }),
  );
}

/** GET /api/orders/{id}/reorder: what repeating and continuing each series would engrave. */
export function useReorderOptions(orderId: string, access: string | null, enabled: boolean) {
  return useQuery(
    {
      queryKey: ['reorder-options', orderId],
      queryFn: async ({ signal }) => {
        const [schemas, answer] = await Promise.all([
          orderSchemas(),
          apiJson<unknown>(reorderPath(orderId, access), { signal }),
        ]);
        return schemas.reorderOptionsSchema.parse(answer);
      },
      enabled,
      staleTime: 0,
    },
    queryClient,
  );
}

/**
 * "Order again": on success the cart cache takes the answer and the shopper lands on /cart, whose
 * notice names the price changes, the texts the proof changed (the lines carry the text engraved,
 * the proof's last revision's, not the text first ordered) and any artwork no longer on file.
 */
export function useReorder(order: { id: string; orderNumber: number }, access: string | null) {
  const navigate = useNavigate();
  return useMutation(
    {
      mutationFn: (series?: ReorderRequest['series']) => reorder(order.id, access, series),
      onSuccess: (result) => {
        setCartAnswer(result.cart);
        const notice: ReorderNotice = {
          orderNumber: order.orderNumber,
          added: result.added,
          priceChanges: result.priceChanges,
          missingArtwork: result.missingArtwork,
          textChanges: result.textChanges,
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
