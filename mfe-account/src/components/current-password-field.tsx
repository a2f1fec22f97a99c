import { TextField, type BoundFields } from '@shop/ui';

/**
 * The current password that confirms a change of the account (its email, its password, its
 * deletion): the same label and autocomplete hint everywhere, and the first focus of a dialog
 * (`autoFocus`) that asks for it first.
 */
export function CurrentPasswordField({
  form,
  autoFocus = false,
}: {
  form: BoundFields<'currentPassword'>;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Current password"
      type="password"
      autoComplete="current-password"
      {...(autoFocus ? { 'data-autofocus': true } : {})}
      error={form.errors.currentPassword}
      {...form.input('currentPassword')}
    />
  );
}
