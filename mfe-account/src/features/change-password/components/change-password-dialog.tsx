import { useState } from 'react';
import type { ChangePasswordDialogProps } from '@shop/contracts';
import { accountMessages } from '@shop/contracts/account-messages';
import { apiFieldErrors, toast, useShopStore } from 'shell/store';
import {
  Button,
  Dialog,
  DialogActions,
  DialogDescription,
  DialogTitle,
  FieldError,
  FormStack,
  useZodForm,
} from '@shop/ui';
import { CurrentPasswordField } from '../../../components/current-password-field';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { schemasNotLoaded } from '../../../lib/schemas-not-loaded';
import {
  loadChangePasswordSchema,
  passwordChangeFailure,
  useChangePassword,
} from '../api/change-password';

const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const form = useZodForm({ schema: loadChangePasswordSchema, initialValues: emptyForm });
  const changePassword = useChangePassword({ onChanged: onDone });

  const onInvalid = (errors: typeof form.errors) => {
    // The fields say what is wrong; the toast sums it up for anyone not looking at the field.
    if (
      errors.newPassword === accountMessages.passwordTooShort ||
      errors.confirmPassword === accountMessages.passwordTooShort
    ) {
      toast({
        variant: 'destructive',
        title: 'Password not changed',
        description: accountMessages.passwordTooShort,
      });
    } else if (errors.confirmPassword === accountMessages.passwordsDontMatch) {
      toast({
        variant: 'destructive',
        title: 'Password not changed',
        description: accountMessages.newPasswordMismatch,
      });
    }
  };

  return (
    <FormStack
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit(
        (input) =>
          // A wrong current password is shown on that field too, and focus goes to it (the button
          // it left was disabled while the change was sent).
          changePassword.mutate(input, {
            onError: (error) => form.setFieldErrors(apiFieldErrors(error)),
          }),
        onInvalid,
        schemasNotLoaded('Password change failed'),
      )}
    >
      <CurrentPasswordField form={form} autoFocus />
      <NewPasswordFields form={form} />
      {/* Said in the dialog too, as Sign In does. */}
      {changePassword.isError && (
        <FieldError role="alert">{passwordChangeFailure(changePassword.error)}</FieldError>
      )}
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={changePassword.isPending}>
          {changePassword.isPending ? 'Updating…' : 'Update Password'}
        </Button>
      </DialogActions>
    </FormStack>
  );
}

/**
 * Change Password, opened from the shell's account menu. The shell owns whether it is open; without
 * props (the remote's own page) it is open until closed.
 */
export function ChangePasswordDialog(props: Partial<ChangePasswordDialogProps>) {
  const sessionId = useShopStore((s) => s.sessionId);
  const [ownOpen, setOwnOpen] = useState(true);
  const open = props.open ?? ownOpen;
  const onOpenChange = props.onOpenChange ?? setOwnOpen;
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <div data-remote="account" data-session-id={sessionId}>
        <DialogTitle>Change Password</DialogTitle>
        <DialogDescription>
          Enter your current password, then choose a new one of at least 6 characters.
        </DialogDescription>
        <ChangePasswordForm onDone={close} onCancel={close} />
      </div>
    </Dialog>
  );
}
