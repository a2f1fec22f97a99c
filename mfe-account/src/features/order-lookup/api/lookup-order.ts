import { useMutation } from '@tanstack/react-query';
import { orderLookupSchema } from '@shop/contracts/orders-requests';
import { orderLookupAnswerSchema } from '@shop/contracts/orders-answers';
import { apiJson, queryClient } from 'shell/store';

export { orderLookupSchema };

/** POST /api/orders/lookup: the same answer whether or not the order matched. */
export async function lookupOrder(input: { email: string; orderNumber: number }) {
  return orderLookupAnswerSchema.parse(
    await apiJson<unknown>('/api/orders/lookup', {
      method: 'POST',
      body: { email: input.email, orderNumber: String(input.orderNumber) },
    }),
  );
}

export function useLookupOrder() {
  return useMutation({ mutationFn: lookupOrder }, queryClient);
}
