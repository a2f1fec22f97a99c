import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shop/contracts/accounts';
import { apiRequest, queryClient, toast, apiErrorMessage } from 'shell/store';
import { loadOnce } from '@shop/ui';

/**
 * The form's schema (schemas.ts), asked for when the form is drawn; its submit waits for it, so
 * nothing is sent that could not be checked.
 */
export const loadChangePasswordSchema = loadOnce(() =>
  import('./schemas').then((schemas) => schemas.changePasswordFormSchema),
);

/** POST /api/auth/change-password: only the current and new password travel, never the confirmation. */
export async function changePassword({
  currentPassword,
  newPassword,
}: ChangePasswordInput): Promise<void> {
  await apiRequest('/api/auth/change-password', { body: { currentPassword, newPassword } });
}

/** Why the change failed, as the toast and the dialog say it: the server's reason, if it gave one. */
export function passwordChangeFailure(error: unknown): string {
  const message = apiErrorMessage(error);
  return message ? `Password change failed: ${message}` : 'Password change failed';
}

export function useChangePassword({ onChanged }: { onChanged?: () => void } = {}) {
  return useMutation(
    {
      mutationFn: changePassword,
      onSuccess: () => {
        toast({
          title: 'Password updated',
          description: 'Use your new password the next time you sign in.',
        });
        onChanged?.();
      },
      onError: (error) => {
        const message = apiErrorMessage(error);
        toast({
          variant: 'destructive',
          title: 'Password change failed',
          ...(message ? { description: message } : {}),
        });
      },
    },
    queryClient,
  );
}
