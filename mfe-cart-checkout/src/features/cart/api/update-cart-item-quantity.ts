// PUT /api/cart/:id: changes an item's quantity (at least 1); the API answers with the whole cart.
import { useMutation } from '@tanstack/react-query';
import { apiJson, cartQueryKey } from 'shell/store';
import { readAgain } from '@shop/ui/read-again';
import { cartSchemas } from './cart-schemas';
import { keepCartAnswer } from './keep-cart-answer';

export interface UpdateCartItemQuantityInput {
  itemId: string;
  quantity: number;
}

export async function updateCartItemQuantity({ itemId, quantity }: UpdateCartItemQuantityInput) {
  const { cartChangeResponseSchema, cartQuantitySchema } = await cartSchemas();
  const body = cartQuantitySchema.parse({ quantity });
  const answer = await apiJson<unknown>(`/api/cart/${encodeURIComponent(itemId)}`, {
    method: 'PUT',
    body,
  });
  return cartChangeResponseSchema.parse(answer);
}

export function useUpdateCartItemQuantity() {
  return useMutation({
    mutationFn: updateCartItemQuantity,
    onSuccess: (cart) => keepCartAnswer(cart),
    // Refused (the line changed or went in another tab, say): the page shows the cart as it is.
    onError: () => readAgain(cartQueryKey),
  });
}
