// The `shell/store` federated module: the one store, query cache, API client and toast API of the page.
// Exposed by the shell's store container; every app (the shell included) imports it only as
// 'shell/store', so exactly one instance exists at run time.
import { startCartSync } from './cart-query';

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
export {
  queryClient,
  cartQueryKey,
  authQueryKey,
  ordersQueryKey,
  CART_FRESH_MS,
  CART_KEPT_MS,
} from './query-client';
export { cartQuery, fetchCart, setCartAnswer } from './cart-query';

// The store's cart summary and discount follow the cart query from the moment the store exists.
startCartSync();
