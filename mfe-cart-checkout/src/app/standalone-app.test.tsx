import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useShopStore } from 'shell/store';
import { renderPage, resetShop, stubApi } from '@shop/ui/testing';
import { StandaloneApp } from './standalone-app';

beforeEach(resetShop);
afterEach(() => vi.unstubAllGlobals());

describe('standalone cart and checkout page', () => {
  it("counts the cart's labels in its Cart link, as the cart page does", async () => {
    // The pages' reads are not answered: the bar is what is looked at.
    stubApi({});
    act(() => useShopStore.getState().setCart({ itemCount: 33, subtotal: 115.65, total: 115.65 }));
    renderPage(<StandaloneApp />, { path: '/cart' });
    const bar = screen.getByRole('navigation', { name: 'Cart & checkout remote (standalone)' });
    expect(bar.querySelector('a[href="/cart"]')).toHaveTextContent(/^Cart \(33 labels\)$/);
    act(() => useShopStore.getState().setCart({ itemCount: 1, subtotal: 5.2, total: 5.2 }));
    expect(bar.querySelector('a[href="/cart"]')).toHaveTextContent(/^Cart \(1 label\)$/);
  });
});
