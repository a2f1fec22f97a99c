import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ShopUser } from '@shop/contracts';
import type { registerSchema } from '@shop/contracts/accounts';
import { apiJson, queryClient, toast } from 'shell/store';
import { useSignedInAs } from '../../../lib/signed-in-as';
import { authSchemas } from './auth-schemas';

/**
 * The Create Account form: the API's schema. Phone, company, address and ZIP code are optional, as on
 * the account page: a shop asks for the address where it ships (checkout), and an account given one
 * fills checkout with it.
 */
export const loadCreateAccountSchema = () =>
  authSchemas().then((schemas) => schemas.registerSchema);
export type CreateAccountInput = z.output<typeof registerSchema>;

/** POST /api/auth/register: the new customer, signed in. */
export async function register(input: CreateAccountInput): Promise<ShopUser> {
  const { shopUserSchema } = await authSchemas();
  return shopUserSchema.parse(await apiJson<unknown>('/api/auth/register', { body: input }));
}

/** The spec's words for a refused registration; the reason, when the API gives one by field, is said by that field. */
export const REGISTRATION_FAILED = 'Failed to create account';

export function useRegister({ onRegistered }: { onRegistered?: (user: ShopUser) => void } = {}) {
  const signedInAs = useSignedInAs();
  return useMutation(
    {
      mutationFn: register,
      onSuccess: (user) => {
        signedInAs(user);
        toast({
          title: 'Account created!',
          description: `Welcome, ${user.firstName}. You are now signed in. We sent a link to confirm ${user.email}.`,
        });
        onRegistered?.(user);
      },
      onError: () => {
        toast({
          variant: 'destructive',
          title: 'Registration failed',
          description: REGISTRATION_FAILED,
        });
      },
    },
    queryClient,
  );
}
