import { describe, expect, it } from 'vitest';
import {
  addressProblem,
  checkoutMessages,
  checkoutSummary,
  createOrderSchema,
  customerInfoSchema,
  joinedAddress,
} from './checkout';

const complete = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '555-0100',
  email: 'Ann@Example.com',
  company: 'Acme Pumps',
  street: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
};

function summaryOf(input: unknown): string {
  const result = customerInfoSchema.safeParse(input);
  if (result.success) return 'ok';
  return checkoutSummary(result.error.issues);
}

describe('checkout customer info (docs/product.md section 5)', () => {
  it('when everything is filled in correctly, then it passes with the email lower-cased', () => {
    const parsed = customerInfoSchema.parse(complete);
    expect(parsed.email).toBe('ann@example.com');
  });

  it('when fields are missing, then one "Please fill in" line lists them in form order', () => {
    expect(summaryOf({ ...complete, firstName: ' ', company: '', zipCode: undefined })).toBe(
      'Please fill in: First Name, Company, ZIP/Postal Code',
    );
  });

  it('when a field is missing, then its own issue uses the spec wording where it has one', () => {
    const result = customerInfoSchema.safeParse({ ...complete, email: '', zipCode: '' });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byPath.email).toBe(checkoutMessages.emailRequired);
    expect(byPath.zipCode).toBe(checkoutMessages.zipRequired);
  });

  it.each([
    [{ email: 'ann@' }, 'Please enter a valid email address (e.g., name@company.com).'],
    [
      { street: 'Main St; DROP', city: 'Springfield', state: 'IL' },
      'Address contains invalid characters. Please use only letters, numbers, spaces, and common punctuation.',
    ],
    [
      { street: 'Main Street', city: 'Springfield', state: 'IL' },
      'Please include a street number in your address.',
    ],
    [
      { zipCode: '1234' },
      'Please enter a valid US ZIP code (12345) or Canadian postal code (V1A 1A1).',
    ],
    [{ city: 'Schenectady', state: 'NY', zipCode: '12345-6789' }, 'ok'],
    [{ city: 'Kamloops', state: 'BC', zipCode: 'V1A 1A1' }, 'ok'],
    [{ street: '5 Rue Saint-André', city: 'Montréal', state: 'QC', zipCode: 'H2X 1Y4' }, 'ok'],
  ])('when %o, then %s', (change, expected) => {
    expect(summaryOf({ ...complete, ...change })).toBe(expected);
  });

  it.each([
    [
      { city: 'Chicago', state: 'IL', zipCode: '10001' },
      'ZIP/Postal Code 10001 is in New York (NY), not Illinois (IL). Please check the State and ZIP/Postal Code.',
    ],
    [
      { city: 'Toronto', state: 'Ontario', zipCode: 'v1a 1a1' },
      'ZIP/Postal Code V1A 1A1 is in British Columbia (BC), not Ontario (ON). Please check the State and ZIP/Postal Code.',
    ],
    [
      { city: 'Toronto', state: 'ON', zipCode: '60601' },
      'ZIP/Postal Code 60601 is in Illinois (IL), not Ontario (ON). Please check the State and ZIP/Postal Code.',
    ],
    [{ city: 'Chicago', state: 'IL', zipCode: '60601-1234' }, 'ok'],
    [{ city: 'Chicago', state: 'illinois', zipCode: '60601' }, 'ok'],
    [{ city: 'Toronto', state: 'ON', zipCode: 'M5V 3L9' }, 'ok'],
    [{ city: 'Montréal', state: 'Québec', zipCode: 'H2X 1Y4' }, 'ok'],
    [{ city: 'Iqaluit', state: 'NU', zipCode: 'X0A 0H0' }, 'ok'],
    // A State the shop cannot place is not refused: the tax follows the ZIP as before.
    [{ city: 'Chicago', state: 'Cook County', zipCode: '10001' }, 'ok'],
    // Prefixes that serve addresses across a state line take either state.
    [{ city: 'Fishers Island', state: 'NY', zipCode: '06390' }, 'ok'],
    [{ city: 'Texhoma', state: 'TX', zipCode: '73949' }, 'ok'],
    [{ city: 'Hartford', state: 'CT', zipCode: '06103' }, 'ok'],
  ])('when the State and ZIP are %o, then %s', (change, expected) => {
    expect(summaryOf({ ...complete, ...change })).toBe(expected);
  });

  it('when the State and ZIP disagree, then the issue is on the ZIP field', () => {
    const result = customerInfoSchema.safeParse({ ...complete, city: 'Chicago', zipCode: '10001' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['zipCode']);
  });

  it('when the joined address is empty or under 5 characters, then the address rules say so', () => {
    // Through the form every part is required, so these show only when the rule is used on its own.
    expect(addressProblem('')).toBe(checkoutMessages.addressRequired);
    expect(addressProblem('1 A')).toBe(checkoutMessages.addressIncomplete);
    expect(
      addressProblem(joinedAddress({ street: '1 Elm', city: 'Ames', state: 'IA' })),
    ).toBeNull();
  });

  it('when the order body has unknown keys (prices, totals), then they are dropped', () => {
    const parsed = createOrderSchema.parse({
      customerInfo: complete,
      total: 0.01,
      discountAmount: 99,
    });
    expect(parsed).not.toHaveProperty('total');
    expect(parsed).not.toHaveProperty('discountAmount');
    expect(parsed.notes).toBeNull();
  });

  it('when customerInfo is missing altogether, then every field is named', () => {
    const result = createOrderSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(checkoutSummary(result.error!.issues)).toBe(
      'Please fill in: First Name, Last Name, Phone Number, Email Address, Company, Street Address, City, State, ZIP/Postal Code',
    );
  });
});
