import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ShopUser } from '@shop/contracts';
import { accountMessages } from '@shop/contracts/account-messages';
import type { loginSchema } from '@shop/contracts/accounts';
import { apiErrorMessage, apiJson, queryClient, toast } from 'shell/store';
import { useSignedInAs } from '../../../lib/signed-in-as';
import { authSchemas } from './auth-schemas';

export type SignInInput = z.output<typeof loginSchema>;

/** The Sign In form's schema: the API's. */
export const loadSignInSchema = () => authSchemas().then((schemas) => schemas.loginSchema);

/** POST /api/auth/login: the signed-in customer. The API merges the guest's cart into theirs. */
export async function signIn(input: SignInInput): Promise<ShopUser> {
  const { shopUserSchema } = await authSchemas();
  return shopUserSchema.parse(await apiJson<unknown>('/api/auth/login', { body: input }));
}

/** Why signing in failed, as the toast and the form say it: the server's reason, or the spec's. */
export function signInFailure(error: unknown): string {
  return apiErrorMessage(error) ?? accountMessages.invalidCredentials;
}

/** Signs in, then the whole page knows: the store's user, the auth query, and fresh cart and orders. */
export function useSignIn({ onSignedIn }: { onSignedIn?: (user: ShopUser) => void } = {}) {
  const signedInAs = useSignedInAs();
  return useMutation(
    {
      mutationFn: signIn,
      onSuccess: (user) => {
        signedInAs(user);
        toast({ title: 'Welcome back!', description: `You are signed in as ${user.email}.` });
        onSignedIn?.(user);
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Login failed',
          description: signInFailure(error),
        });
      },
    },
    queryClient,
  );
}
