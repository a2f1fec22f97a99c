import { useMutation } from '@tanstack/react-query';
import { changePasswordFormSchema, type ChangePasswordInput } from '@shop/contracts/accounts';
import { apiRequest, queryClient, toast, apiErrorMessage } from 'shell/store';

export { changePasswordFormSchema };

/** POST /api/auth/change-password: only the current and new password travel, never the confirmation. */
export async function changePassword({
  currentPassword,
  newPassword,
}: ChangePasswordInput): Promise<void> {
  await apiRequest('/api/auth/change-password', { body: { currentPassword, newPassword } });
}

export function useChangePassword({
  onChanged,
  onFailed,
}: { onChanged?: () => void; onFailed?: (message: string | undefined) => void } = {}) {
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
        onFailed?.(message);
      },
    },
    queryClient,
  );
}
