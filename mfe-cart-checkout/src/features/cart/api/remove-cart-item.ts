// DELETE /api/cart/:id: takes an item out of the cart; the API answers with the whole cart.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartDeleteResponseSchema } from '@shop/contracts';
import { apiJson } from 'shell/store';
import { keepCartAnswer } from './keep-cart-answer';

export async function removeCartItem(itemId: string) {
  const answer = await apiJson<unknown>(`/api/cart/${encodeURIComponent(itemId)}`, {
    method: 'DELETE',
  });
  return cartDeleteResponseSchema.parse(answer);
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: (cart) => keepCartAnswer(queryClient, cart),
  });
}
