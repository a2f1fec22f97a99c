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

interface ContactFieldsProps {
  form: BoundForm;
  /** The account page may leave the address empty; sign-up asks for it. */
  addressOptional?: boolean;
  addressHint?: string;
}

export function ContactFields({ form, addressOptional = false, addressHint }: ContactFieldsProps) {
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
        optional={addressOptional}
        hint={addressHint}
        error={form.errors.address}
        {...form.input('address')}
      />
      <TextField
        label="ZIP code"
        autoComplete="postal-code"
        optional={addressOptional}
        error={form.errors.zipCode}
        {...form.input('zipCode')}
      />
    </>
  );
}
