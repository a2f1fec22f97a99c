import { create } from 'zustand';
import type { ShopState, ToastInput } from '@shop/contracts';
import { getGuestSessionId } from './guest-session';

/** How long a dismissed toast stays mounted (docs/product.md section 9). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** One toast visible at a time. */
const TOAST_LIMIT = 1;

let nextToastId = 1;

export const useShopStore = create<ShopState>()((set, get) => ({
  sessionId: getGuestSessionId(),
  user: null,
  authChecked: false,
  cart: { itemCount: 0, subtotal: 0, total: 0 },
  cartChecked: false,
  discount: null,
  authDialog: { open: false, tab: 'sign-in' },
  toasts: [],
  setUser: (user) => set({ user, authChecked: true }),
  setCart: (cart) => set({ cart, cartChecked: true }),
  setDiscount: (discount) => set({ discount }),
  // Details to start Create Account from hold for this opening only.
  openAuthDialog: (tab = 'sign-in', prefill) =>
    set({ authDialog: prefill ? { open: true, tab, prefill } : { open: true, tab } }),
  closeAuthDialog: () => set((s) => ({ authDialog: { ...s.authDialog, open: false } })),
  toast: (input: ToastInput) => {
    const id = nextToastId++;
    // Where it was raised: navigate() changes the address before the next page renders, so this is
    // the page the toast is about, even when that page raises it while it mounts.
    const page = typeof window === 'undefined' ? undefined : window.location.pathname;
    set((s) => ({
      toasts: [{ ...input, id, open: true, page }, ...s.toasts].slice(0, TOAST_LIMIT),
    }));
    return id;
  },
  dismissToast: (id) => {
    set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) }));
    setTimeout(() => get().removeToast(id), TOAST_REMOVE_DELAY_MS);
  },
  updateToast: (id, text) =>
    set((s) => ({ toasts: s.toasts.map((t) => (t.id === id && t.open ? { ...t, ...text } : t)) })),
  removeToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  // An error toast is about its page (a declined card, a discount code refused): once the shopper is
  // on another, it is dismissed. Other toasts (Added to Cart, Item Removed) stay true and run out.
  enterPage: (pathname) => {
    for (const t of get().toasts) {
      const leftBehind = t.page !== undefined && t.page !== pathname;
      if (t.open && t.variant === 'destructive' && !t.outlivesPage && leftBehind)
        get().dismissToast(t.id);
    }
  },
}));

export function toast(input: ToastInput): number {
  return useShopStore.getState().toast(input);
}
