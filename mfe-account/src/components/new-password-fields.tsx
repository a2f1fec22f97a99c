import { TextField, type BoundFields } from '@shop/ui';

/**
 * A new password and its confirmation, as the reset link's page and Change Password ask for them: the
 * same labels, hint and autocomplete hints (password managers offer a new password) in both places.
 */
export function NewPasswordFields({
  form,
}: {
  form: BoundFields<'newPassword' | 'confirmPassword'>;
}) {
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
