import { describe, expect, it } from 'vitest';
import { profileSchema, registerSchema } from './accounts';
import { checkoutSummary, customerInfoSchema } from './checkout';

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
      expect(profileSchema.parse({ firstName: 'Ann', lastName: 'Lee', phone }).phone).toBeNull();
      expect(
        registerSchema.parse({
          email: 'ann@example.com',
          password: 'secret1',
          firstName: 'Ann',
          lastName: 'Lee',
          phone,
        }).phone,
      ).toBeNull();
    },
  );

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
