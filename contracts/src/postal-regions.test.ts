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

describe('US ZIP prefixes that cross a state line (postal-regions.ts, US_PREFIX_ALSO)', () => {
  const usComplete = { ...complete, street: '12 Main St', phone: '312 555 0100' };

  it.each([
    // Whose tabulation areas reach into another state (census 2010): either State is taken.
    ['Warwick', 'DE', '21912'],
    ['Fort Benning', 'AL', '31905'],
    ['Garretson', 'MN', '57030'],
    ['Harrison', 'MO', '72644'],
    ['Jackpot', 'ID', '89832'],
    // Already known: Fishers Island, Fort Campbell.
    ['Fishers Island', 'NY', '06390'],
    ['Fort Campbell', 'TN', '42223'],
  ])('when %s, %s %s, then the address is taken', (city, state, zipCode) => {
    expect(customerInfoSchema.safeParse({ ...usComplete, city, state, zipCode }).success).toBe(
      true,
    );
  });

  it.each([
    // Clarkston, WA and Lewiston, ID face each other across the Snake River with ZIPs of their own.
    ['Lewiston', 'ID', '99403', 'Washington (WA)', 'Idaho (ID)'],
    // No tabulation area of the 570 prefix reaches into Iowa.
    ['North Sioux City', 'IA', '57049', 'South Dakota (SD)', 'Iowa (IA)'],
  ])(
    'when %s, %s %s, then the ZIP is refused as not in that state',
    (city, state, zipCode, zipRegion, stateRegion) => {
      expect(
        customerInfoSchema.safeParse({ ...usComplete, city, state, zipCode }).error?.issues[0]
          ?.message,
      ).toBe(
        `ZIP/Postal Code ${zipCode} is in ${zipRegion}, not ${stateRegion}. Please check the State and ZIP/Postal Code.`,
      );
    },
  );
});
