import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ShopUser } from '@shop/contracts';
import { apiJson, authQueryKey, useShopStore } from 'shell/store';

/** GET /api/auth/me: the signed-in customer without the password hash, or null. */
export async function getCurrentUser(): Promise<ShopUser | null> {
  const answer = await apiJson<unknown>('/api/auth/me');
  const { currentUserAnswerSchema } = await import(
    /* webpackChunkName: "store-parsers" */ './current-user-schema'
  );
  return currentUserAnswerSchema.parse(answer);
}

/**
 * Asks who is signed in when the shop starts and puts the answer in the federated store. The account
 * remote sets the store itself after signing in; it refreshes this query too when it wants.
 */
export function useCurrentUserSync(): void {
  const setUser = useShopStore((s) => s.setUser);
  const { data, isSuccess, isError } = useQuery({
    queryKey: authQueryKey,
    queryFn: getCurrentUser,
  });
  useEffect(() => {
    if (isSuccess) setUser(data);
    // Without an answer the shopper is treated as a guest; the account remote can try again.
    else if (isError) setUser(null);
  }, [data, isSuccess, isError, setUser]);
}
