import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { currentUserAnswerSchema } from './accounts-answers';
import { apiErrorBodySchema } from './api-error';
import { cartResponseSchema } from './cart';
import { EMPTY_CART } from './empty-cart';
import { storeApiErrorSchema, storeCartSchema, storeCurrentUserSchema } from './store-answers';

const TWINS = [
  { name: 'the cart', mini: storeCartSchema, classic: cartResponseSchema },
  { name: 'the current user', mini: storeCurrentUserSchema, classic: currentUserAnswerSchema },
  { name: 'an API error', mini: storeApiErrorSchema, classic: apiErrorBodySchema },
];

describe("the store's zod/mini schemas", () => {
  for (const { name, mini, classic } of TWINS) {
    it(`describe ${name} exactly as its classic schema does`, () => {
      expect(z.toJSONSchema(mini)).toEqual(z.toJSONSchema(classic));
    });
  }

  const line = {
    id: 'l1',
    productConfig: {
      material: 'indoor',
      width: 3,
      height: 1,
      color: 'black-white',
      mounting: 'adhesive',
      customText: 'PUMP 1',
    },
    files: [{ hashedName: `${'a'.repeat(64)}.png`, originalName: 'logo.png' }],
    quantity: 2,
    unitPrice: 4.5,
    totalPrice: 9,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  const cart = { ...EMPTY_CART, items: [line], itemCount: 2, subtotal: 9, total: 9 };

  it('accept and refuse the same answers as the classic schemas', () => {
    const answers = [
      cart,
      EMPTY_CART,
      { ...cart, items: [{ ...line, quantity: 1.5 }] },
      { ...cart, items: [{ ...line, files: [{ hashedName: 'x.png', originalName: 'a' }] }] },
      { ...cart, items: [{ ...line, files: [{ ...line.files[0], extra: 1 }] }] },
      { ...cart, discount: undefined },
      { ...cart, extra: 'dropped' },
      ...[
        {
          series: { start: 1501, step: 1, padding: 0 },
          code: { type: 'qrcode', placement: 'below', value: '{n}' },
        },
        {
          rows: {
            sheetId: 'a'.repeat(24),
            textColumns: [0, 1],
            codeColumn: 2,
            originalName: 'v.csv',
            firstLabel: { text: 'Valve 1', codeValue: 'V-1000' },
          },
        },
        {
          rows: {
            sheetId: 'a'.repeat(24),
            textColumns: [0],
            codeColumn: null,
            firstLabel: { text: 'Valve 1', codeValue: 'V-1000', extra: 1 },
          },
        },
        { series: { start: 1, step: 0, padding: 0 } },
        { code: { type: 'ean13', placement: 'below', value: '1' } },
        { rows: { sheetId: 'nope', textColumns: [], codeColumn: null } },
      ].map((tags) => ({
        ...cart,
        items: [{ ...line, productConfig: { ...line.productConfig, ...tags } }],
      })),
    ];
    for (const answer of answers) {
      const classic = cartResponseSchema.safeParse(answer);
      const mini = storeCartSchema.safeParse(answer);
      expect(mini.success, JSON.stringify(answer)).toBe(classic.success);
      expect(mini.data).toEqual(classic.data);
    }
  });
});
