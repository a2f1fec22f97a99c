import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY_MS, toast, useShopStore } from './shop-store';

const initialState = useShopStore.getState();

beforeEach(() => {
  useShopStore.setState(initialState, true);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('keeps one toast at a time: a new one replaces the visible one', () => {
    toast({ title: 'Added to Cart', description: 'Your custom sign has been added to the cart.' });
    toast({ title: 'Discount applied!' });
    const { toasts } = useShopStore.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Discount applied!', open: true });
  });

  it('closes a dismissed toast at once and removes it after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Item Removed' });
    useShopStore.getState().dismissToast(id);
    expect(useShopStore.getState().toasts[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(useShopStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useShopStore.getState().toasts).toHaveLength(0);
  });
});

describe('error toasts belong to their page', () => {
  it('dismisses, on another page, the error toasts raised on the one left, and only those', () => {
    window.history.pushState({}, '', '/checkout');
    const declined = toast({ variant: 'destructive', title: 'Payment Failed' });
    useShopStore.getState().enterPage('/checkout');
    expect(useShopStore.getState().toasts[0]).toMatchObject({ id: declined, open: true });
    useShopStore.getState().enterPage('/confirmation/order-1');
    expect(useShopStore.getState().toasts[0]).toMatchObject({ id: declined, open: false });

    const removed = toast({ title: 'Item Removed' });
    useShopStore.getState().enterPage('/cart');
    expect(useShopStore.getState().toasts[0]).toMatchObject({ id: removed, open: true });

    const kept = toast({ variant: 'destructive', title: 'Address not saved', outlivesPage: true });
    useShopStore.getState().enterPage('/confirmation/order-1');
    expect(useShopStore.getState().toasts[0]).toMatchObject({ id: kept, open: true });
    window.history.pushState({}, '', '/');
  });
});

describe('auth and cart', () => {
  it('marks auth as checked once a user (or null) is set', () => {
    expect(useShopStore.getState().authChecked).toBe(false);
    useShopStore.getState().setUser(null);
    expect(useShopStore.getState()).toMatchObject({ user: null, authChecked: true });
  });

  it('opens the auth dialog on the requested tab and closes it keeping the tab', () => {
    useShopStore.getState().openAuthDialog('create-account');
    expect(useShopStore.getState().authDialog).toEqual({ open: true, tab: 'create-account' });
    useShopStore.getState().closeAuthDialog();
    expect(useShopStore.getState().authDialog).toEqual({ open: false, tab: 'create-account' });
  });

  it('opens Create Account with the details it should start from, and forgets them next time', () => {
    useShopStore.getState().openAuthDialog('create-account', { email: 'ann@example.com' });
    expect(useShopStore.getState().authDialog.prefill).toEqual({ email: 'ann@example.com' });
    useShopStore.getState().openAuthDialog('sign-in');
    expect(useShopStore.getState().authDialog.prefill).toBeUndefined();
  });
});
