import type { QueryClient } from '@tanstack/react-query';
import type { CartResponse } from '@shop/contracts';
import { cartQueryKey, setCartAnswer } from 'shell/store';

/**
 * A cart change answers with the whole cart: it becomes the cart query's data (no second request) and
 * the carts with tax are marked stale. A dropped discount named in the answer is reported by the caller,
 * so it is not kept in the query's data to be reported again.
 */
export function keepCartAnswer(queryClient: QueryClient, cart: CartResponse): void {
  const { discountRemoved: _reported, ...rest } = cart;
  setCartAnswer(rest);
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === cartQueryKey[0] && query.queryKey.length > 1,
  });
}
