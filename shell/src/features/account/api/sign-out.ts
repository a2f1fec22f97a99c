import { useState } from 'react';
import { apiRequest, toast, useShopStore } from '../../../store/session';

/**
 * POST /api/auth/logout, then the shopper is a guest again: no user in the store, which reads the cart
 * again (session.ts) and drops the orders the query cache held (cart-query.ts). `onSignedOut` is
 * called just before (the header moves focus to the Sign In that takes the account menu's place).
 */
export function useSignOut({ onSignedOut }: { onSignedOut?(): void } = {}) {
  const setUser = useShopStore((s) => s.setUser);
  const [isPending, setPending] = useState(false);
  const mutate = () => {
    setPending(true);
    apiRequest('/api/auth/logout', { method: 'POST' })
      .then(
        () => {
          onSignedOut?.();
          setUser(null);
        },
        (error: Error) =>
          toast({ variant: 'destructive', title: 'Sign out failed', description: error.message }),
      )
      .finally(() => setPending(false));
  };
  return { mutate, isPending };
}
