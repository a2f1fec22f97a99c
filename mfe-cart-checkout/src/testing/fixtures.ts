import { SAMPLE_PRODUCT_CONFIG } from '@shop/contracts/testing';
// Answers of the cart API as this remote's tests need them (the kit's @shop/ui/testing does the rest).

/** A cart answer as GET /api/cart gives it. */
export function cartAnswer(overrides: Record<string, unknown> = {}) {
  return {
    items: [
      {
        id: '66aa00000000000000000001',
        productConfig: {
          ...SAMPLE_PRODUCT_CONFIG,
          customText: 'PUMP 3',
          series: null,
          code: null,
          rows: null,
        },
        files: [{ hashedName: `${'a'.repeat(64)}.pdf`, originalName: 'artwork.pdf' }],
        quantity: 2,
        unitPrice: 5.2,
        totalPrice: 10.4,
        createdAt: '2025-01-01T00:00:00.000Z',
      },
    ],
    itemCount: 2,
    subtotal: 10.4,
    discount: null,
    tax: { region: null, amount: 0 },
    total: 10.4,
    ...overrides,
  };
}

export const emptySession = { discountCode: null, discountAmount: null, discountData: null };
