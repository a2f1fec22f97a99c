// DELETE /api/cart/:id: takes an item out of the cart; the API answers with the whole cart.
import { useMutation } from '@tanstack/react-query';
import { apiJson, cartQueryKey } from 'shell/store';
import { readAgain } from '@shop/ui/read-again';
import { cartSchemas } from './cart-schemas';
import { keepCartAnswer } from './keep-cart-answer';

export async function removeCartItem(itemId: string) {
  const { cartDeleteResponseSchema } = await cartSchemas();
  const answer = await apiJson<unknown>(`/api/cart/${encodeURIComponent(itemId)}`, {
    method: 'DELETE',
  });
  return cartDeleteResponseSchema.parse(answer);
}

export function useRemoveCartItem() {
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: (cart) => keepCartAnswer(cart),
    // Refused (the line changed or went in another tab, say): the page shows the cart as it is.
    onError: () => readAgain(cartQueryKey),
  });
}
