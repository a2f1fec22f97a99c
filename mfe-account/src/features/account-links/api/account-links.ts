import type { EmailConfirmed, ShopUser } from '@shop/contracts';
import type { ResetPasswordInput } from '@shop/contracts/accounts';
import { apiJson } from 'shell/store';
import { loadOnce } from '@shop/ui';

/**
 * The pages' schemas (schemas.ts), asked for when a page is drawn. A call waits for them before it is
 * sent, so nothing is sent whose answer could not be read.
 */
const linkSchemas = loadOnce(() => import('./schemas'));

export const loadResetPasswordSchema = () =>
  linkSchemas().then((schemas) => schemas.resetPasswordFormSchema);

/** POST /api/auth/reset-password: the customer, signed in on this browser. */
export async function resetPassword(input: ResetPasswordInput): Promise<ShopUser> {
  const { shopUserSchema } = await linkSchemas();
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
  const { emailConfirmedSchema } = await linkSchemas();
  return emailConfirmedSchema.parse(
    await apiJson<unknown>('/api/auth/confirm-email', { body: { token } }),
  );
}
