import {
  emailConfirmedSchema,
  shopUserSchema,
  type EmailConfirmed,
  type ShopUser,
} from '@shop/contracts';
import type { ResetPasswordInput } from '@shop/contracts/accounts';
import { apiJson } from 'shell/store';

/** POST /api/auth/reset-password: the customer, signed in on this browser. */
export async function resetPassword(input: ResetPasswordInput): Promise<ShopUser> {
  return shopUserSchema.parse(await apiJson<unknown>('/api/auth/reset-password', { body: input }));
}

/**
 * GET /api/auth/reset-password?token=: whether the emailed link may still set a password (it is not
 * used by asking). Its 400 carries the invalid-link message.
 */
export async function checkResetLink(token: string): Promise<void> {
  await apiJson<unknown>(`/api/auth/reset-password?token=${encodeURIComponent(token)}`);
}

/** POST /api/auth/confirm-email: the customer and how many guest orders joined the account. */
export async function confirmEmail(token: string): Promise<EmailConfirmed> {
  return emailConfirmedSchema.parse(
    await apiJson<unknown>('/api/auth/confirm-email', { body: { token } }),
  );
}
