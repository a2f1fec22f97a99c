import { QueryClient } from '@tanstack/react-query';

/**
 * One query cache for the whole page. Cached data never goes stale by default, with no refocus
 * refetch, polling or retry (docs/product.md section 9); the cart overrides staleness (30 s fresh, 5 min kept).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});

export const cartQueryKey = ['cart'] as const;
/** Nothing reads it (the store holds the signed-in customer); remote releases built before still write it. */
export const authQueryKey = ['auth', 'me'] as const;
/** The signed-in customer's order list (the account remote reads it; sign-in and sign-out refresh it). */
export const ordersQueryKey = ['orders'] as const;
export const CART_FRESH_MS = 30_000;
export const CART_KEPT_MS = 5 * 60_000;
