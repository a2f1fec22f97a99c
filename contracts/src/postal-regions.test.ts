import { describe, expect, it } from 'vitest';
import { checkoutMessages, checkoutQuoteSchema, customerInfoSchema } from './checkout';
import { isValidZipOrPostalCode } from './checkout-options';
import { regionOfPostalCode } from './postal-regions';

const complete = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '416 555 0100',
  email: 'ann@example.com',
  company: 'Acme Pumps',
  street: '12 King St W',
  city: 'Toronto',
  state: 'ON',
  zipCode: 'M5V 3L9',
};

describe('Canadian postal codes (docs/product.md section 5, ZIP)', () => {
  it.each(['M5V 3L9', 'm5v 3l9', 'M5V3L9', 'M5V-3L9', 'k1a 0b1', 'X0A 0H0', 'T2P-1J9', 'Y1A 6E6'])(
    'when the code is %s, then it is a postal code the shop places',
    (code) => {
      expect(isValidZipOrPostalCode(code)).toBe(true);
      expect(regionOfPostalCode(code)).not.toBeNull();
    },
  );

  it.each([
    // Letters Canada Post never uses, anywhere in the code.
    'D1A 1A1',
    'F1A 1A1',
    'I1A 1A1',
    'O1A 1A1',
    'Q1A 1A1',
    'U1A 1A1',
    'M5D 3L9',
    'M5F 3L9',
    'M5I 3L9',
    'M5O 3L9',
    'M5Q 3L9',
    'M5U 3L9',
    'M5V 3D9',
    'M5V 3O9',
    'M5V 3U9',
    // W and Z never come first.
    'W1A 1A1',
    'Z1A 1A1',
    // Not letter-digit-letter digit-letter-digit, or more than one separator.
    'M5V  3L9',
    'M5V - 3L9',
    'M5V_3L9',
    '5MV 3L9',
    'M5V 3L',
    'M5V 3L99',
  ])('when the code is %s, then it is refused with the spec’s message', (code) => {
    expect(isValidZipOrPostalCode(code)).toBe(false);
    expect(regionOfPostalCode(code)).toBeNull();
    const result = customerInfoSchema.safeParse({ ...complete, zipCode: code });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['zipCode'], message: checkoutMessages.zipInvalid }),
    ]);
    expect(checkoutQuoteSchema.safeParse({ zipCode: code }).error?.issues[0]?.message).toBe(
      checkoutMessages.zipInvalid,
    );
  });

  it.each(['m5v3l9', 'M5V-3L9', ' m5v 3l9 ', 'M5V 3L9'])(
    'when the code is written %j, then checkout keeps it as "M5V 3L9" and places it in Ontario',
    (code) => {
      expect(customerInfoSchema.parse({ ...complete, zipCode: code }).zipCode).toBe('M5V 3L9');
      expect(checkoutQuoteSchema.parse({ zipCode: code }).zipCode).toBe('M5V 3L9');
      expect(regionOfPostalCode(code)).toBe('ON');
    },
  );

  it('when a hyphenated code names another province than the State, then the message shows it as A1A 1A1', () => {
    const result = customerInfoSchema.safeParse({ ...complete, zipCode: 'v6b-1a1' });
    expect(result.error?.issues[0]?.message).toBe(
      'ZIP/Postal Code V6B 1A1 is in British Columbia (BC), not Ontario (ON). Please check the State and ZIP/Postal Code.',
    );
  });

  it('when the code is a US ZIP, then it is kept as written', () => {
    expect(
      customerInfoSchema.parse({ ...complete, city: 'Chicago', state: 'IL', zipCode: '60601-1234' })
        .zipCode,
    ).toBe('60601-1234');
  });
});
