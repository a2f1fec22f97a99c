import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@shop/contracts/accounts';
import { apiJson, queryClient } from 'shell/store';
import { authSchemas } from './auth-schemas';

/** The "Forgot password?" form's schema: the API's. */
export const loadForgotPasswordSchema = () =>
  authSchemas().then((schemas) => schemas.forgotPasswordSchema);

/** POST /api/auth/forgot-password: the same answer whether or not the email has an account. */
export async function requestPasswordReset(input: ForgotPasswordInput): Promise<string> {
  const { forgotPasswordAnswerSchema } = await authSchemas();
  const answer = await apiJson<unknown>('/api/auth/forgot-password', { body: input });
  return forgotPasswordAnswerSchema.parse(answer).message;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset }, queryClient);
}
