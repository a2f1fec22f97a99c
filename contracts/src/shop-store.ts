/**
 * The shape of the one federated store. The shell's store container owns and exposes it as
 * `shell/store`; every app imports it only through that federated path. The types live here so each
 * app can type-check against them without importing another app's source.
 */
import type { UseBoundStore, StoreApi } from 'zustand';
import type { QueryClient } from '@tanstack/react-query';
import type { CartResponse } from './cart';
import type { ApiErrorBody } from './api-error';

export interface ShopUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  company?: string | null;
  address?: string | null;
  zipCode?: string | null;
  isAdmin: boolean;
  /** Whether the customer followed the emailed confirmation link for the current email. */
  emailConfirmed?: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Details Create Account starts from: the thank-you page offers an account with what was entered. */
export interface AccountPrefill {
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
  /** One line, "street, city, state", as the account keeps it. */
  address?: string;
  zipCode?: string;
}

export interface CartSummary {
  itemCount: number;
  subtotal: number;
  total: number;
}

export interface AppliedDiscount {
  code: string;
  description?: string | null;
  amount: number;
}

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  /** Milliseconds; 5000 by default. */
  duration?: number;
  /**
   * An error toast (destructive) tells what went wrong on the page it was raised on, and is dismissed
   * when the shopper leaves that page, where it would no longer be true (a declined card over the
   * confirmation of the order paid with the next one). One still true on the next page says so.
   */
  outlivesPage?: boolean;
}

export interface Toast extends ToastInput {
  id: number;
  open: boolean;
  /** The path of the page it was raised on (none outside a browser). */
  page?: string;
}

export interface ShopState {
  /** Guest session id, also in localStorage under `guest-session-id`. */
  sessionId: string;
  /** Signed-in customer, or null. */
  user: ShopUser | null;
  /** True once /api/auth/me has answered at least once. */
  authChecked: boolean;
  cart: CartSummary;
  /** True once the cart has been read at least once (until then the header claims no count). */
  cartChecked: boolean;
  discount: AppliedDiscount | null;
  /**
   * Whether the auth dialog (owned by the account remote) is open, on which tab, and what Create
   * Account starts from (the details a guest just checked out with).
   */
  authDialog: { open: boolean; tab: 'sign-in' | 'create-account'; prefill?: AccountPrefill | null };
  toasts: Toast[];
  setUser(user: ShopUser | null): void;
  setCart(cart: CartSummary): void;
  setDiscount(discount: AppliedDiscount | null): void;
  openAuthDialog(tab?: 'sign-in' | 'create-account', prefill?: AccountPrefill): void;
  closeAuthDialog(): void;
  toast(input: ToastInput): number;
  dismissToast(id: number): void;
  /**
   * Rewrites the text of a toast still on screen, in place (its timer keeps running and it is not
   * announced again); a toast no longer there is left alone. Optional: a remote may run on a shell
   * built before it, and then dismisses the toast instead.
   */
  updateToast?(id: number, text: Partial<Pick<ToastInput, 'title' | 'description'>>): void;
  removeToast(id: number): void;
  /** The shopper is on this path now: the error toasts raised on another page are dismissed. */
  enterPage(pathname: string): void;
}

export type ShopStore = UseBoundStore<StoreApi<ShopState>>;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The `shell/store` federated module. */
export interface ShellStoreModule {
  useShopStore: ShopStore;
  queryClient: QueryClient;
  /** Raises a toast in the shell's one viewport. */
  toast(input: ToastInput): number;
  /** The one API client: credentials, x-session-id, JSON only with a body, `{status}: {text}` errors. */
  apiRequest(path: string, options?: ApiRequestOptions): Promise<Response>;
  apiJson<T>(path: string, options?: ApiRequestOptions): Promise<T>;
  /** A non-ok answer; its parsed body (apiRequest parses it) gives serverMessage and fieldErrors. */
  ApiError: new (
    status: number,
    text: string,
    body?: ApiErrorBody | null,
  ) => Error & {
    status: number;
    bodyText: string;
    serverMessage: string | undefined;
    fieldErrors: Record<string, string>;
  };
  apiErrorMessage(error: unknown): string | undefined;
  apiErrorStatus(error: unknown): number | undefined;
  apiFieldErrors(error: unknown): Record<string, string>;
  /** GET /api/cart (with tax for zipCode), parsed with cartResponseSchema. */
  fetchCart(zipCode?: string): Promise<CartResponse>;
  /** The one cart query (key, fetcher, parser, freshness); its data feeds the store's cart summary. */
  cartQuery: {
    queryKey: readonly ['cart'];
    queryFn: () => Promise<CartResponse>;
    staleTime: number;
    gcTime: number;
    refetchOnWindowFocus: false;
  };
  /** A cart change answered with the whole cart becomes the cart query's data. */
  setCartAnswer(cart: CartResponse): void;
  getGuestSessionId(): string;
  cartQueryKey: readonly unknown[];
  /**
   * Nothing reads it: the shell keeps the signed-in customer in the store. Still exported because remote
   * releases built before that write it when they sign someone in.
   */
  authQueryKey: readonly unknown[];
  ordersQueryKey: readonly unknown[];
  /** The cart query's staleTime (30 s) and gcTime (5 min), docs/product.md section 4. */
  CART_FRESH_MS: number;
  CART_KEPT_MS: number;
}
