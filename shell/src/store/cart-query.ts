// The cart as server state: one query (one key, one fetcher, one parser) every remote reads. Once this
// module loads, the query cache holds the cart: it takes over the session's cart reads, starts from the
// answer the session last read, and every cart it holds updates the store's summary (session.ts).
import { queryOptions, type Query } from '@tanstack/react-query';
import type { CartResponse } from '@shop/contracts';
import { loadedParsers, loadParsers } from './load-parsers';
import {
  CART_FRESH_MS,
  CART_KEPT_MS,
  cartQueryKey,
  ordersQueryKey,
  queryClient,
} from './query-client';
import { fetchCart, handOverCartReads, keepCartSummary } from './session';
import { useShopStore } from './shop-store';

/**
 * The cart query: fresh 30 s, kept 5 min, no refetch on focus. A remote's page waits for its answer,
 * so the parsers are fetched beside the request rather than after it.
 */
export const cartQuery = queryOptions({
  queryKey: cartQueryKey,
  queryFn: () => {
    void loadParsers();
    return fetchCart();
  },
  staleTime: CART_FRESH_MS,
  gcTime: CART_KEPT_MS,
  refetchOnWindowFocus: false,
});

/**
 * A cart change answered with the whole cart: it becomes the query's data (no second request), parsed
 * (which also drops fields the cart does not keep). The parsers have arrived with the first cart
 * answer, so this is synchronous; before that, the answer is kept once they arrive.
 */
export function setCartAnswer(cart: CartResponse): void {
  const parsers = loadedParsers();
  if (parsers) {
    queryClient.setQueryData(cartQueryKey, parsers.cartResponseSchema.parse(cart));
    return;
  }
  void loadParsers().then(({ cartResponseSchema }) =>
    queryClient.setQueryData(cartQueryKey, cartResponseSchema.parse(cart)),
  );
}

let syncing = false;

/** The queries worked out from the cart, under its key: its tax for a ZIP, the checkout's quote. */
const derivedFromCart = (query: Query) =>
  query.queryKey[0] === cartQueryKey[0] && query.queryKey.length > cartQueryKey.length;

/**
 * The cart changed, whichever way its new answer came (a change's answer, a read after saving a
 * code, a sign-in's merge): what was worked out from the old one goes. Those no page shows are
 * dropped, so the next page asks afresh rather than showing the old cart first; those on screen are
 * read again.
 */
function cartChanged(): void {
  queryClient.removeQueries({ predicate: (query) => derivedFromCart(query) && !query.isActive() });
  void queryClient.invalidateQueries({ predicate: derivedFromCart });
}

/** Called once by the store module: the query cache holds the cart from then on. */
export function startCartSync(): void {
  if (syncing) return;
  syncing = true;
  let lastCart: string | undefined;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = event.query.queryKey;
    if (key.length !== cartQueryKey.length || key[0] !== cartQueryKey[0]) return;
    const cart = event.query.state.data as CartResponse;
    keepCartSummary(cart);
    // A read that finds the cart as it was changes nothing.
    const seen = JSON.stringify(cart);
    if (lastCart !== undefined && seen !== lastCart) cartChanged();
    lastCart = seen;
  });
  const { last, pending } = handOverCartReads({
    read: () => queryClient.fetchQuery({ ...cartQuery, staleTime: 0 }).then(() => undefined),
    receive: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
  // The session's read under way becomes the query's: a page that asks now waits for it.
  if (pending) void queryClient.prefetchQuery({ ...cartQuery, queryFn: () => pending });
  else if (last) queryClient.setQueryData(cartQueryKey, last.cart, { updatedAt: last.at });
  // Another customer's orders are never shown from the cache, nor from a first read still on its
  // way for the customer before (dropped and asked again, as @shop/ui/read-again does).
  useShopStore.subscribe((state, previous) => {
    if (state.user?.id === previous.user?.id) return;
    void queryClient
      .cancelQueries({ queryKey: ordersQueryKey })
      .then(() => queryClient.invalidateQueries({ queryKey: ordersQueryKey }));
  });
}
