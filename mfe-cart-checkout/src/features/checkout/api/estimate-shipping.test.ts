import { describe, expect, it } from 'vitest';
import { shippingChargeFor, shippingZipOf } from './estimate-shipping';

const estimate = (usps: number, ups: number) => ({
  success: true as const,
  estimate: { rates: { usps, ups } },
});

describe('shipping charge', () => {
  it('keeps the highest rate per carrier across items and charges the lower carrier', () => {
    expect(shippingChargeFor([estimate(9.5, 12), estimate(14, 13.25)])).toEqual({
      carrier: 'ups',
      amount: 13.25,
      rates: { usps: 14, ups: 13.25 },
    });
    expect(shippingChargeFor([estimate(8, 11)])).toMatchObject({ carrier: 'usps', amount: 8 });
    expect(shippingChargeFor([])).toBeNull();
  });

  it('estimates only once the ZIP starts with five digits, sending just those', () => {
    expect(shippingZipOf('6060')).toBeNull();
    expect(shippingZipOf('V1A 1A1')).toBeNull();
    expect(shippingZipOf('60601')).toBe('60601');
    expect(shippingZipOf(' 60601-1234')).toBe('60601');
  });
});
