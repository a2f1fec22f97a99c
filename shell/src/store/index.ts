// The `shell/store` federated module: the one store, query cache, API client and toast API of the page.
// Exposed by the shell's store container; every remote imports it only as 'shell/store', so exactly one
// instance exists at run time. The shell's own code imports its session half (./session) directly, so
// the landing page runs without the query cache; this module brings it when a remote needs it.
import { startCartSync } from './cart-query';

export {
  useShopStore,
  toast,
  apiRequest,
  apiJson,
  ApiError,
  apiErrorMessage,
  apiErrorStatus,
  apiFieldErrors,
  getGuestSessionId,
  fetchCart,
} from './session';
export {
  queryClient,
  cartQueryKey,
  authQueryKey,
  ordersQueryKey,
  CART_FRESH_MS,
  CART_KEPT_MS,
} from './query-client';
export { cartQuery, setCartAnswer } from './cart-query';

// From here on the query cache holds the cart (and keeps the store's summary in step with it).
startCartSync();
