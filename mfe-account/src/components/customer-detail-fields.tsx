import { FieldRow, TextField, type BoundFields } from '@shop/ui';

type DetailField = 'firstName' | 'lastName' | 'phone' | 'company' | 'address' | 'zipCode';

type BoundForm = BoundFields<DetailField>;

/**
 * The customer's details as sign-up asks for them and the account page edits them: names, phone,
 * company, address and ZIP code, with the same labels and autocomplete hints in both places.
 */
export function NameFields({ form, autoFocus = false }: { form: BoundForm; autoFocus?: boolean }) {
  return (
    <FieldRow>
      <TextField
        label="First name"
        autoComplete="given-name"
        data-autofocus={autoFocus || undefined}
        error={form.errors.firstName}
        {...form.input('firstName')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        error={form.errors.lastName}
        {...form.input('lastName')}
      />
    </FieldRow>
  );
}

/** What the address line is for, said under it on sign-up and on the account page alike. */
export const ADDRESS_HINT =
  'Street, city, state (e.g. 12 Main St, New York, NY) fills all three at checkout.';

/**
 * Phone, company, address and ZIP code: all optional, with the same rule on sign-up, on the account
 * page and on the server (registerSchema, profileSchema).
 */
export function ContactFields({ form }: { form: BoundForm }) {
  return (
    <>
      <FieldRow>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          optional
          error={form.errors.phone}
          {...form.input('phone')}
        />
        <TextField
          label="Company"
          autoComplete="organization"
          optional
          error={form.errors.company}
          {...form.input('company')}
        />
      </FieldRow>
      <TextField
        label="Address"
        autoComplete="street-address"
        optional
        hint={ADDRESS_HINT}
        error={form.errors.address}
        {...form.input('address')}
      />
      <TextField
        label="ZIP code"
        autoComplete="postal-code"
        optional
        error={form.errors.zipCode}
        {...form.input('zipCode')}
      />
    </>
  );
}
