import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { shopUserSchema, type ShopUser } from '@shop/contracts';
import { registerSchema } from '@shop/contracts/accounts';
import { apiErrorMessage, apiJson, queryClient, toast } from 'shell/store';
import { useSignedInAs } from '../../../lib/signed-in-as';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * The Create Account form: the API's schema, with the address and ZIP code asked for up front (the API
 * also takes them later), so an account is ready for checkout. Phone and company stay optional.
 */
export const createAccountSchema = registerSchema.extend({
  address: requiredText('Address', 300),
  zipCode: requiredText('ZIP code', 20),
});
export type CreateAccountInput = z.output<typeof createAccountSchema>;

/** POST /api/auth/register: the new customer, signed in. */
export async function register(input: CreateAccountInput): Promise<ShopUser> {
  return shopUserSchema.parse(await apiJson<unknown>('/api/auth/register', { body: input }));
}

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
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Registration failed',
          description: apiErrorMessage(error) ?? 'Failed to create account',
        });
      },
    },
    queryClient,
  );
}
