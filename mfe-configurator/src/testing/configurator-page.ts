import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { json, resetShop } from '@shop/ui/testing';
import { SAMPLE_PRODUCT_CONFIG } from '@shop/contracts/testing';

/** Each test of the configurator's page starts as a guest with an empty shop, and leaves none behind. */
export function freshShopForEachTest() {
  beforeEach(() => {
    resetShop();
    localStorage.setItem('guest-session-id', 'guest-1700000000000-testsession');
  });
  afterEach(() => {
    cleanup();
    resetShop();
    vi.unstubAllGlobals();
  });
}

/** The sample label (no text, one) as a cart line at $5.20. */
export const ADDED_LINE = {
  id: '66aa00000000000000000001',
  productConfig: { ...SAMPLE_PRODUCT_CONFIG, customText: '' },
  files: [],
  quantity: 1,
  unitPrice: 5.2,
  totalPrice: 5.2,
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** POST /api/cart's answer (201) once ADDED_LINE is in an otherwise empty cart. */
export const addedToCart = () =>
  json(
    {
      items: [ADDED_LINE],
      item: ADDED_LINE,
      itemCount: 1,
      subtotal: 5.2,
      total: 5.2,
      discount: null,
      tax: { region: null, amount: 0 },
    },
    201,
  );
