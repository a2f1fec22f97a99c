import { useMutation } from '@tanstack/react-query';
import { forgotPasswordAnswerSchema } from '@shop/contracts';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@shop/contracts/accounts';
import { apiJson, queryClient } from 'shell/store';

export { forgotPasswordSchema };

/** POST /api/auth/forgot-password: the same answer whether or not the email has an account. */
export async function requestPasswordReset(input: ForgotPasswordInput): Promise<string> {
  const answer = await apiJson<unknown>('/api/auth/forgot-password', { body: input });
  return forgotPasswordAnswerSchema.parse(answer).message;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset }, queryClient);
}
