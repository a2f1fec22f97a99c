import { useMutation } from '@tanstack/react-query';
import type { ShopUser } from '@shop/contracts';
import type { ChangeEmailInput, DeleteAccountInput, ProfileInput } from '@shop/contracts/accounts';
import { apiJson, apiRequest, queryClient, useShopStore } from 'shell/store';
import { useSignedInAs } from '../../../lib/signed-in-as';
import { profileSchemas } from './profile-schemas';

/** PUT /api/account/profile: the customer with the saved details. */
export async function saveProfile(input: ProfileInput): Promise<ShopUser> {
  const { shopUserSchema } = await profileSchemas();
  return shopUserSchema.parse(
    await apiJson<unknown>('/api/account/profile', { method: 'PUT', body: input }),
  );
}

/** POST /api/account/email: the customer under the new (unconfirmed) email. */
export async function changeEmail(input: ChangeEmailInput): Promise<ShopUser> {
  const { shopUserSchema } = await profileSchemas();
  return shopUserSchema.parse(await apiJson<unknown>('/api/account/email', { body: input }));
}

/** POST /api/account/confirmation-email: a new confirmation link is mailed. */
export async function resendConfirmation(): Promise<void> {
  await apiRequest('/api/account/confirmation-email', { method: 'POST' });
}

export function useSaveProfile(onSaved?: (user: ShopUser) => void) {
  const signedInAs = useSignedInAs();
  const keep = (user: ShopUser) => signedInAs(user, { sameCustomer: true });
  return useMutation(
    {
      mutationFn: saveProfile,
      onSuccess: (user) => {
        keep(user);
        onSaved?.(user);
      },
    },
    queryClient,
  );
}

export function useChangeEmail(onChanged?: (user: ShopUser) => void) {
  const signedInAs = useSignedInAs();
  const keep = (user: ShopUser) => signedInAs(user, { sameCustomer: true });
  return useMutation(
    {
      mutationFn: changeEmail,
      onSuccess: (user) => {
        keep(user);
        onChanged?.(user);
      },
    },
    queryClient,
  );
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation }, queryClient);
}

/** POST /api/account/delete: the account goes, and this browser is signed out with it. */
export async function deleteAccount(input: DeleteAccountInput): Promise<void> {
  await apiRequest('/api/account/delete', { body: input });
}

/** Deletes the account; once done the shopper is a guest (the store reads the cart again). */
export function useDeleteAccount(onDeleted?: () => void) {
  const setUser = useShopStore((s) => s.setUser);
  return useMutation(
    {
      mutationFn: deleteAccount,
      onSuccess: () => {
        onDeleted?.();
        setUser(null);
      },
    },
    queryClient,
  );
}
