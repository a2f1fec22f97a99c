import { describe, expect, it } from 'vitest';
import { profileSchema, registerSchema } from './accounts';
import { checkoutSummary, customerInfoSchema } from './checkout';
import { isDialablePhoneNumber, normalizePhoneNumber } from './phone-numbers';

const MESSAGE = 'Please enter a valid phone number (e.g., 312 555 0100).';

const complete = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '312 555 0100',
  email: 'ann@example.com',
  company: 'Acme Pumps',
  street: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
};

const dialable = [
  '555-0100',
  '312 555 0100',
  '(312) 555-0100',
  '312.555.0100',
  '+1 312 555 0100',
  '+1 (312) 555-0100',
  '+44 20 7946 0958',
  '+49 30 901820',
  '312-555-0100 ext. 42',
  '312-555-0100 ext 42',
  '312 555 0100 x 7',
  '3125550100x7',
  '+1 312 555 0100 EXT. 123456',
  '123456789012345',
];

const notDialable = [
  '12345', // 5 digits
  '555-010', // 6 digits
  '1234567890123456', // 16 digits
  '+1 312 555 0100 01000', // 16 digits
  'call me',
  '555 0100 ask for Bo',
  '1-800-FLOWERS',
  '312--555--01o0',
  '312 555 0100 ext.', // an extension with no number
  'x123',
  'ext 1234567',
  '+',
  '++1 312 555 0100',
  '1 312 555 0100 +',
  '312/555/0100',
  '312_555_0100',
  '<script>alert(1)</script>',
  '-312 555 0100',
  '312 555 0100 x 1234567', // extensions have at most 6 digits
];

// Pasted from a web page, a word processor or a spreadsheet: Unicode spaces and dashes stand for the
// space and hyphen they look like, and the number is kept with those (docs/product.md section 5).
const pasted: Array<[string, string]> = [
  ['312\u00a0555\u00a00100', '312 555 0100'], // no-break spaces
  ['+1\u202f312\u202f555\u202f0100', '+1 312 555 0100'], // narrow no-break spaces
  ['312\u2007555\u20070100', '312 555 0100'], // figure spaces
  ['312\u2009555\u20090100', '312 555 0100'], // thin spaces
  ['312\u3000555\u30000100', '312 555 0100'], // an ideographic space
  ['312\u2013555\u20130100', '312-555-0100'], // en dashes
  ['312\u2014555\u20140100', '312-555-0100'], // em dashes
  ['312\u2010555\u20110100', '312-555-0100'], // hyphen, non-breaking hyphen
  ['312\u2012555\u22120100', '312-555-0100'], // figure dash, minus sign
  ['(312)\u00a0555\u20130100\u00a0ext.\u00a042', '(312) 555-0100 ext. 42'],
  ['\t312 555 0100', '312 555 0100'],
  ['312 555 0100\t', '312 555 0100'],
  ['\u00a0\t+44\u00a020\u00a07946\u00a00958\t\u202f', '+44 20 7946 0958'],
  ['312\t555\t0100', '312 555 0100'], // a row of a spreadsheet's cells
];

// Copied from a web page or a chat: invisible characters (zero-width space, non-joiner and joiner, word
// joiner, byte order mark) and bidi marks (left-to-right and right-to-left marks, embeddings,
// overrides, isolates) come along with the digits; they are dropped (docs/product.md section 5).
const pastedInvisible: Array<[string, string, string]> = [
  ['zero-width spaces between the groups', '312\u200b555\u200b0100', '3125550100'],
  ['a zero-width non-joiner and joiner', '312 \u200c555 \u200d0100', '312 555 0100'],
  ['word joiners around the hyphens', '312\u2060-\u2060555\u2060-\u20600100', '312-555-0100'],
  ['a byte order mark in front', '\ufeff312 555 0100', '312 555 0100'],
  ['left-to-right marks around it', '\u200e+1 (312) 555-0100\u200e', '+1 (312) 555-0100'],
  ['right-to-left marks around it', '\u200f312 555 0100\u200f', '312 555 0100'],
  ['a left-to-right embedding and its pop', '\u202a+44 20 7946 0958\u202c', '+44 20 7946 0958'],
  ['bidi overrides and an embedding', '\u202d312\u202e 555 0100\u202c\u202b\u202c', '312 555 0100'],
  [
    'an isolate around it, and Unicode spaces and dashes',
    '\u2066+1\u00a0312\u2013555\u20130100\u2069',
    '+1 312-555-0100',
  ],
  [
    'isolates around the number and the extension',
    '\u2067312 555 0100\u2069 \u2068ext. 42\u2069',
    '312 555 0100 ext. 42',
  ],
  [
    'spaces between invisible characters at its ends',
    '\u200b \u200b312 555 0100\u200b \u200b',
    '312 555 0100',
  ],
];

/** Every pasted number and the number kept, whatever it was pasted with. */
const allPasted: Array<[string, string]> = [
  ...pasted,
  ...pastedInvisible.map(([, phone, kept]): [string, string] => [phone, kept]),
];

/** The phone the profile and sign-up keep for this input, in that order. */
function profileAndSignUpPhones(phone: string | null | undefined) {
  return [
    profileSchema.parse({ firstName: 'Ann', lastName: 'Lee', phone }).phone,
    registerSchema.parse({
      email: 'ann@example.com',
      password: 'secret1',
      firstName: 'Ann',
      lastName: 'Lee',
      phone,
    }).phone,
  ];
}

// Dashes and spaces do not make digits: these stay refused however they are written.
const pastedNotDialable = [
  '555\u2013010', // 6 digits
  '\u2013312 555 0100', // a leading dash
  '312\u2013\u2013555\u2013\u201301o0',
  '312\u00a0555\u00a00100\u00a0ask\u00a0for\u00a0Bo',
  '555\u200b010\u200b', // invisible characters are no digits: 6
  '\u200e\u2013312 555 0100', // a leading dash behind a mark
  '312\u200b555\u200b0100\u200bask', // letters stay letters
];

describe('phone numbers (docs/product.md section 5)', () => {
  it.each(dialable)('when the checkout phone is %j, then it is kept as written', (phone) => {
    expect(customerInfoSchema.parse({ ...complete, phone }).phone).toBe(phone);
  });

  it.each(notDialable)(
    'when the checkout phone is %j, then it is refused on the phone field',
    (phone) => {
      const result = customerInfoSchema.safeParse({ ...complete, phone });
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['phone'], message: MESSAGE }),
      ]);
      expect(checkoutSummary(result.error!.issues)).toBe(MESSAGE);
    },
  );

  it('when the checkout phone is blank, then it is missing, not invalid', () => {
    const result = customerInfoSchema.safeParse({ ...complete, phone: '  ' });
    expect(checkoutSummary(result.error!.issues)).toBe('Please fill in: Phone Number');
  });

  it.each(notDialable)('when the profile phone is %j, then it is refused', (phone) => {
    const result = profileSchema.safeParse({ firstName: 'Ann', lastName: 'Lee', phone });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['phone'], message: MESSAGE }),
    ]);
  });

  it.each([undefined, null, '', '   '])(
    'when the profile or sign-up phone is %j, then it is not given (optional)',
    (phone) => {
      expect(profileAndSignUpPhones(phone)).toEqual([null, null]);
    },
  );

  it.each(allPasted)(
    'when the checkout phone is pasted as %j, then it is dialable and kept as %j',
    (phone, kept) => {
      expect(isDialablePhoneNumber(phone)).toBe(true);
      expect(normalizePhoneNumber(phone)).toBe(kept);
      expect(customerInfoSchema.parse({ ...complete, phone }).phone).toBe(kept);
    },
  );

  it.each(allPasted)(
    'when the profile or sign-up phone is pasted as %j, then it is kept as %j',
    (phone, kept) => {
      expect(profileAndSignUpPhones(phone)).toEqual([kept, kept]);
    },
  );

  it.each(pastedNotDialable)('when the pasted phone is %j, then it is still refused', (phone) => {
    expect(isDialablePhoneNumber(phone)).toBe(false);
    const result = customerInfoSchema.safeParse({ ...complete, phone });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['phone'], message: MESSAGE }),
    ]);
    expect(
      profileSchema.safeParse({ firstName: 'Ann', lastName: 'Lee', phone }).error?.issues[0]
        ?.message,
    ).toBe(MESSAGE);
  });

  it('when the phone is only Unicode spaces, then it is missing at checkout and not given on the profile', () => {
    const phone = '\u00a0\u202f\t';
    const result = customerInfoSchema.safeParse({ ...complete, phone });
    expect(checkoutSummary(result.error!.issues)).toBe('Please fill in: Phone Number');
    expect(profileSchema.parse({ firstName: 'Ann', lastName: 'Lee', phone }).phone).toBeNull();
  });

  it('when the phone is only invisible characters and marks, then it is missing at checkout and not given on the profile or at sign-up', () => {
    const phone = '\u200b\u200e \u2060\ufeff\u2066\u2069';
    const result = customerInfoSchema.safeParse({ ...complete, phone });
    expect(checkoutSummary(result.error!.issues)).toBe('Please fill in: Phone Number');
    expect(profileSchema.parse({ firstName: 'Ann', lastName: 'Lee', phone }).phone).toBeNull();
    const base = { email: 'ann@example.com', password: 'secret1', firstName: 'A', lastName: 'L' };
    expect(registerSchema.parse({ ...base, phone }).phone).toBeNull();
  });

  it('when the sign-up phone is dialable, then it is kept trimmed; otherwise refused', () => {
    const base = { email: 'ann@example.com', password: 'secret1', firstName: 'A', lastName: 'L' };
    expect(registerSchema.parse({ ...base, phone: ' +1 (312) 555-0100 ' }).phone).toBe(
      '+1 (312) 555-0100',
    );
    expect(registerSchema.safeParse({ ...base, phone: 'call me' }).error?.issues[0]?.message).toBe(
      MESSAGE,
    );
  });
});
