import { describe, expect, it } from 'vitest';
import { validateCheckout, type CheckoutValues } from './use-checkout-form';

const valid: CheckoutValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '312 555 0100',
  email: 'Ada@Example.com',
  company: 'Analytical Engines',
  street: '120 Main St',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60601',
  notes: '',
  skipProof: '',
};

describe("checkout validation (the API's own schema)", () => {
  it('names every missing field under "Required Information Missing", each on its field', async () => {
    const result = await validateCheckout({ ...valid, firstName: '', email: ' ', zipCode: '' });
    expect(result).toMatchObject({
      ok: false,
      title: 'Required Information Missing',
      description: 'Please fill in: First Name, Email Address, ZIP/Postal Code',
      errors: {
        firstName: 'First Name is required.',
        email: 'Email address is required.',
        zipCode: 'ZIP code is required.',
      },
    });
  });

  it('lists all nine fields when the form is empty', async () => {
    const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, ''])) as CheckoutValues;
    const result = await validateCheckout(empty);
    expect(result.ok || result.description).toBe(
      'Please fill in: First Name, Last Name, Phone Number, Email Address, Company, Street Address, City, State, ZIP/Postal Code',
    );
  });

  it.each([
    [
      { email: 'ada@example' },
      'email',
      'Please enter a valid email address (e.g., name@company.com).',
    ],
    [{ street: 'Main St' }, 'street', 'Please include a street number in your address.'],
    [
      { street: '12 <b>', city: 'X', state: 'Y' },
      'street',
      'Address contains invalid characters. Please use only letters, numbers, spaces, and common punctuation.',
    ],
    [
      { zipCode: '1234' },
      'zipCode',
      'Please enter a valid US ZIP code (12345) or Canadian postal code (V1A 1A1).',
    ],
    [
      { city: 'Toronto', state: 'ON', zipCode: 'W1A 1A1' },
      'zipCode',
      'Please enter a valid US ZIP code (12345) or Canadian postal code (V1A 1A1).',
    ],
    [{ phone: '555 01' }, 'phone', 'Please enter a valid phone number (e.g., 312 555 0100).'],
    [
      { zipCode: '10001' },
      'zipCode',
      'ZIP/Postal Code 10001 is in New York (NY), not Illinois (IL). Please check the State and ZIP/Postal Code.',
    ],
  ] as const)('%o is refused on %s with the spec message', async (change, field, message) => {
    const result = await validateCheckout({ ...valid, ...change });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[field]).toBe(message);
    // The toast names the field; its message is under it.
    expect(result.description).toMatch(/ needs a change: see the message under it\.$/);
  });

  it('orders with a Canadian postal code written "m5v-3l9" as "M5V 3L9"', async () => {
    expect(
      await validateCheckout({ ...valid, city: 'Toronto', state: 'ON', zipCode: 'm5v-3l9' }),
    ).toMatchObject({ ok: true, checkout: { customerInfo: { zipCode: 'M5V 3L9' } } });
  });

  it('accepts a Canadian postal code and a ZIP+4, lower-cases the email and keeps a note', async () => {
    expect(
      (await validateCheckout({ ...valid, city: 'Kamloops', state: 'BC', zipCode: 'V1A 1A1' })).ok,
    ).toBe(true);
    const result = await validateCheckout({
      ...valid,
      zipCode: '60601-1234',
      notes: ' Leave at dock 4 ',
    });
    expect(result).toMatchObject({
      ok: true,
      checkout: {
        customerInfo: { email: 'ada@example.com', zipCode: '60601-1234' },
        notes: 'Leave at dock 4',
      },
    });
  });
});

describe('skipping the proof', () => {
  it('sends skipProof true only when "Skip the proof, engrave as shown" is ticked', async () => {
    expect(await validateCheckout(valid)).toMatchObject({
      ok: true,
      checkout: { skipProof: false },
    });
    expect(await validateCheckout({ ...valid, skipProof: 'yes' })).toMatchObject({
      ok: true,
      checkout: { skipProof: true },
    });
  });
});
