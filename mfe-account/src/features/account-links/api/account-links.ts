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

/** POST /api/auth/confirm-email: the customer and how many guest orders joined the account. */
export async function confirmEmail(token: string): Promise<EmailConfirmed> {
  return emailConfirmedSchema.parse(
    await apiJson<unknown>('/api/auth/confirm-email', { body: { token } }),
  );
}
