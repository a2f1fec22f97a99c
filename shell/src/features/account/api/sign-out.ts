import { useMutation } from '@tanstack/react-query';
import {
  apiRequest,
  authQueryKey,
  cartQueryKey,
  ordersQueryKey,
  queryClient,
  toast,
  useShopStore,
} from 'shell/store';

/** POST /api/auth/logout, then the shopper is a guest again: no user, and the cart and orders re-read. */
export function useSignOut() {
  const setUser = useShopStore((s) => s.setUser);
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      setUser(null);
      queryClient.setQueryData(authQueryKey, null);
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Sign out failed', description: error.message });
    },
  });
}
