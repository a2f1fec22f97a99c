// The session half of the `shell/store` module: the store, the API client, toasts, and the reads the
// page starts with (who is signed in, the cart's summary), without the query cache. The shell's own
// code imports it directly (one build, so one instance), and the landing page loads no react-query;
// the store module (index.ts) re-exports all of it, and once a remote loads that module its query
// cache takes over the cart's reads (cart-query.ts; docs/design.md section 10).
import type { CartResponse, ShopUser } from '@shop/contracts';
import { EMPTY_CART } from '@shop/contracts/empty-cart';
import { apiJson } from './api-client';
import { guestSessionStartedHere } from './guest-session';
import { loadParsers } from './load-parsers';
import { useShopStore } from './shop-store';

export { useShopStore, toast } from './shop-store';
export {
  apiRequest,
  apiJson,
  ApiError,
  apiErrorMessage,
  apiErrorStatus,
  apiFieldErrors,
} from './api-client';
export { getGuestSessionId } from './guest-session';

/** GET /api/cart (with the tax for zipCode when given), parsed: nothing unparsed reaches a screen. */
export async function fetchCart(zipCode?: string): Promise<CartResponse> {
  const path = zipCode ? `/api/cart?zipCode=${encodeURIComponent(zipCode)}` : '/api/cart';
  const answer = await apiJson<unknown>(path);
  // The parsers chunk is fetched after the answer, so never before the first render.
  const { cartResponseSchema } = await loadParsers();
  return cartResponseSchema.parse(answer);
}

/** GET /api/auth/me, parsed: the signed-in customer without the password hash, or null. */
async function fetchCurrentUser(): Promise<ShopUser | null> {
  const answer = await apiJson<unknown>('/api/auth/me');
  // A guest's answer, null, is the one the schema's nullable accepts: no parser to fetch for it.
  if (answer === null) return null;
  const { currentUserAnswerSchema } = await loadParsers();
  return currentUserAnswerSchema.parse(answer);
}

/** What the store keeps of a cart: the header's badge and the applied discount. */
export function keepCartSummary(cart: CartResponse): void {
  const { cart: summary, cartChecked, discount } = useShopStore.getState();
  if (
    !cartChecked ||
    summary.itemCount !== cart.itemCount ||
    summary.subtotal !== cart.subtotal ||
    summary.total !== cart.total
  ) {
    useShopStore
      .getState()
      .setCart({ itemCount: cart.itemCount, subtotal: cart.subtotal, total: cart.total });
  }
  const next = cart.discount;
  if (
    discount?.code !== next?.code ||
    discount?.amount !== next?.amount ||
    (discount?.description ?? null) !== (next?.description ?? null)
  ) {
    useShopStore.getState().setDiscount(next ? { ...next } : null);
  }
}

/** A cart answer and when it arrived. */
export interface CartAnswer {
  cart: CartResponse;
  at: number;
}

/** How the cart is read again and where an answer goes. */
export interface CartReads {
  read(): Promise<void>;
  receive(cart: CartResponse): void;
}

let lastAnswer: CartAnswer | undefined;
/** A direct read under way. */
let pending: Promise<CartResponse> | undefined;
const directReads: CartReads = {
  // An answer goes wherever answers go when it arrives (the query cache, if it took over meanwhile).
  read: () => {
    const read = fetchCart().finally(() => {
      if (pending === read) pending = undefined;
    });
    pending = read;
    return read.then((cart) => cartReads.receive(cart));
  },
  receive: (cart) => {
    lastAnswer = { cart, at: Date.now() };
    keepCartSummary(cart);
  },
};
let cartReads: CartReads = directReads;

/** Reads the cart again into the store (and the cart query, once there is one). */
export function readCart(): Promise<void> {
  return cartReads.read();
}

/**
 * The store module's query cache takes over the cart's reads; returns the last answer read directly
 * and the read under way, if any, which the query starts from, so a remote that opens shows the
 * header's cart without reading it again.
 */
export function handOverCartReads(reads: CartReads): {
  last: CartAnswer | undefined;
  pending: Promise<CartResponse> | undefined;
} {
  cartReads = reads;
  return { last: lastAnswer, pending };
}

/**
 * The page's first reads, started before its first render: who is signed in (without an answer the
 * shopper is a guest) and the cart. A guest whose session this page started has an empty cart: it is
 * known without reading it (nor fetching the parsers), as if read (the cart query starts from it),
 * and a first visit asks the API one question. When the signed-in customer changes (a remote signs
 * someone in, the header signs them out, or another tab did), the cart is read again: signing in
 * merges the guest's cart into the customer's. Returns the stop (tests start a session per test).
 */
export function startSession(): () => void {
  const { setUser } = useShopStore.getState();
  const user = fetchCurrentUser().then(
    (answer) => (setUser(answer), answer),
    () => (setUser(null), null),
  );
  // A cart that cannot be read leaves the badge without a count; the cart page says why.
  const read = () => readCart().catch(() => {});
  if (!guestSessionStartedHere()) void read();
  else
    void user.then((answer) => {
      if (answer) return read();
      cartReads.receive(EMPTY_CART);
    });
  // Another tab of the shop signed someone in or out: who is signed in is read again here too, so
  // this tab never shows a customer (or a cart) its session no longer holds.
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
  let toldByAnotherTab = false;
  if (channel) {
    channel.onmessage = () => {
      void fetchCurrentUser().then(
        (answer) => {
          toldByAnotherTab = true;
          setUser(answer);
          toldByAnotherTab = false;
        },
        () => {},
      );
    };
  }
  const stopWatching = useShopStore.subscribe((state, previous) => {
    if (!previous.authChecked || state.user?.id === previous.user?.id) return;
    void read();
    if (!toldByAnotherTab) channel?.postMessage('signed-in-customer-changed');
  });
  return () => {
    stopWatching();
    channel?.close();
  };
}

/** The channel the shop's tabs tell each other of a sign-in or sign-out on. */
const SESSION_CHANNEL = 'shop-session';
