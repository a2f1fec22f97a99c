// Types of the modules apps load through module federation. Apps include this file in their tsconfig;
// the modules themselves come from the container that owns them at run time.
declare module 'shell/store' {
  import type { ShellStoreModule } from '@shop/contracts/shop-store';
  export const useShopStore: ShellStoreModule['useShopStore'];
  export const queryClient: ShellStoreModule['queryClient'];
  export const toast: ShellStoreModule['toast'];
  export const apiRequest: ShellStoreModule['apiRequest'];
  export const apiJson: ShellStoreModule['apiJson'];
  export const ApiError: ShellStoreModule['ApiError'];
  export const apiErrorMessage: ShellStoreModule['apiErrorMessage'];
  export const apiErrorStatus: ShellStoreModule['apiErrorStatus'];
  export const apiFieldErrors: ShellStoreModule['apiFieldErrors'];
  export const fetchCart: ShellStoreModule['fetchCart'];
  export const cartQuery: ShellStoreModule['cartQuery'];
  export const setCartAnswer: ShellStoreModule['setCartAnswer'];
  export const getGuestSessionId: ShellStoreModule['getGuestSessionId'];
  export const cartQueryKey: ShellStoreModule['cartQueryKey'];
  export const authQueryKey: ShellStoreModule['authQueryKey'];
  export const ordersQueryKey: ShellStoreModule['ordersQueryKey'];
  export const CART_FRESH_MS: ShellStoreModule['CART_FRESH_MS'];
  export const CART_KEPT_MS: ShellStoreModule['CART_KEPT_MS'];
}
