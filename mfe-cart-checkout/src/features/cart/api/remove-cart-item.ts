// DELETE /api/cart/:id: takes an item out of the cart.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartItemDeleteResponseSchema } from '@shop/contracts';
import { apiJson, cartQueryKey } from 'shell/store';

export async function removeCartItem(itemId: string) {
  const answer = await apiJson<unknown>(`/api/cart/${encodeURIComponent(itemId)}`, {
    method: 'DELETE',
  });
  return cartItemDeleteResponseSchema.parse(answer);
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
