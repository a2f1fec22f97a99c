import { describe, expect, it } from 'vitest';
import { priceLabel, quantityBreak, toPriceResult } from './pricing';

describe('priceLabel', () => {
  it('prices the design example: phenolic 3 x 2, adhesive, quantity 1 is $5.20', () => {
    expect(
      toPriceResult(
        priceLabel({
          material: 'phenolic',
          width: 3,
          height: 2,
          mounting: 'adhesive',
          quantity: 1,
        }),
      ),
    ).toEqual({
      unitPrice: 5.2,
      subtotal: 5.2,
      total: 5.2,
      area: 6,
    });
  });

  it('applies the quantity break to the unit price, then multiplies', () => {
    const priced = priceLabel({
      material: 'indoor',
      width: 2,
      height: 1,
      mounting: 'no-mounting',
      quantity: 10,
    });
    // 200 + 2 x 35 = 270 cents; 5% off = 256.5, rounded to 257
    expect(priced.unitCents).toBe(257);
    expect(priced.subtotalCents).toBe(2570);
  });

  it.each([
    [9, 0],
    [10, 5],
    [24, 5],
    [25, 10],
    [49, 10],
    [50, 15],
    [99, 15],
    [100, 20],
  ])('quantity %i gets %i%% off', (quantity, percent) => {
    expect(quantityBreak(quantity)).toBe(percent);
  });
});
