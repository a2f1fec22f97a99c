import type { ChangeEvent } from 'react';
import { TextField } from '@shop/ui';

type NewPasswordField = 'newPassword' | 'confirmPassword';

interface BoundForm {
  errors: Partial<Record<NewPasswordField, string>>;
  input(name: NewPasswordField): {
    name: string;
    value: string;
    onChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>): void;
  };
}

/**
 * A new password and its confirmation, as the reset link's page and Change Password ask for them: the
 * same labels, hint and autocomplete hints (password managers offer a new password) in both places.
 */
export function NewPasswordFields({ form }: { form: BoundForm }) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={form.errors.newPassword}
        {...form.input('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={form.errors.confirmPassword}
        {...form.input('confirmPassword')}
      />
    </>
  );
}
