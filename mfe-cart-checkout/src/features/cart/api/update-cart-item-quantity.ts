// PUT /api/cart/:id: changes an item's quantity (at least 1).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartItemChangeResponseSchema, cartQuantitySchema } from '@shop/contracts';
import { apiJson, cartQueryKey } from 'shell/store';

export interface UpdateCartItemQuantityInput {
  itemId: string;
  quantity: number;
}

export async function updateCartItemQuantity({ itemId, quantity }: UpdateCartItemQuantityInput) {
  const body = cartQuantitySchema.parse({ quantity });
  const answer = await apiJson<unknown>(`/api/cart/${encodeURIComponent(itemId)}`, {
    method: 'PUT',
    body,
  });
  return cartItemChangeResponseSchema.parse(answer);
}

export function useUpdateCartItemQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartItemQuantity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
