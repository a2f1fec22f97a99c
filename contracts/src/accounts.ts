// Sign-up, sign-in and password change (docs/product.md sections 5 and 7). The API parses with these schemas
// and the account remote validates its forms with the same ones, so both say the same thing.
import { z } from 'zod';
import {
  accountMessages,
  PASSWORD_MAX_BYTES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './account-messages';
import { optionalPhoneSchema } from './phone-number-schema';

export * from './account-messages';

function utf8Length(value: string): number {
  return new TextEncoder().encode(value).length;
}

/** Trimmed and lower-cased, so Ann@Example.com and ann@example.com are one account. */
export const accountEmailSchema = z
  .string({ error: accountMessages.emailInvalid })
  .trim()
  .toLowerCase()
  .min(1, accountMessages.emailRequired)
  .max(254, accountMessages.emailInvalid)
  .pipe(z.email({ error: accountMessages.emailInvalid }));

const newPassword = z
  .string({ error: accountMessages.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, accountMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, accountMessages.passwordTooLong)
  .refine((value) => utf8Length(value) <= PASSWORD_MAX_BYTES, accountMessages.passwordTooLong);

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

/** Optional text: missing, null and blank are all "not given" (stored as null). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** Optional, and when given a number that can be dialled (checkout's rule), kept normalized. */
const optionalPhone = optionalPhoneSchema('Phone');

/**
 * POST /api/auth/register. Unknown keys (isAdmin, ...) are dropped: an account is never created as
 * an admin from the outside.
 */
export const registerSchema = z.object({
  email: accountEmailSchema,
  password: newPassword,
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  phone: optionalPhone,
  company: optionalText('Company', 200),
  address: optionalText('Address', 300),
  zipCode: optionalText('ZIP code', 20),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** POST /api/auth/login. */
export const loginSchema = z.object({
  email: accountEmailSchema,
  password: z
    .string({ error: accountMessages.passwordRequired })
    .min(1, accountMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, accountMessages.invalidCredentials)
    // No account can have a longer one, and bcrypt would compare only its first 72 bytes.
    .refine((value) => utf8Length(value) <= PASSWORD_MAX_BYTES, accountMessages.invalidCredentials),
});
export type LoginInput = z.input<typeof loginSchema>;

/** POST /api/auth/change-password, as the API receives it. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: accountMessages.currentPasswordRequired })
    .min(1, accountMessages.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, accountMessages.currentPasswordWrong)
    .refine(
      (value) => utf8Length(value) <= PASSWORD_MAX_BYTES,
      accountMessages.currentPasswordWrong,
    ),
  newPassword,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The change-password dialog's form: the API's fields plus a confirmation that must match. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: newPassword })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: accountMessages.passwordsDontMatch,
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** POST /api/auth/forgot-password: the answer is the same whether or not the email has an account. */
export const forgotPasswordSchema = z.object({ email: accountEmailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** A token from an emailed link: 32 random bytes, base64url (43 characters). */
const emailedToken = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, message);

/** POST /api/auth/reset-password: the token from the emailed link and a new password (registration's rules). */
export const resetPasswordSchema = z.object({
  token: emailedToken(accountMessages.resetLinkInvalid),
  newPassword,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** GET /api/auth/reset-password?token=: whether the link may still set a password ({ valid: true }, else the reset's 400). */
export const resetLinkQuerySchema = resetPasswordSchema.pick({ token: true });

/** The reset page's form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ newPassword, confirmPassword: newPassword })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: accountMessages.passwordsDontMatch,
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** POST /api/auth/confirm-email: the token from the emailed confirmation link. */
export const confirmEmailSchema = z.object({
  token: emailedToken(accountMessages.confirmationLinkInvalid),
});

/** PUT /api/account/profile: registration's rules for each field. */
export const profileSchema = registerSchema.pick({
  firstName: true,
  lastName: true,
  phone: true,
  company: true,
  address: true,
  zipCode: true,
});
export type ProfileInput = z.input<typeof profileSchema>;

/** POST /api/account/email: a new email, confirmed with the current password. */
export const changeEmailSchema = z.object({
  email: accountEmailSchema,
  currentPassword: changePasswordSchema.shape.currentPassword,
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** POST /api/account/delete: the account goes, confirmed with the current password. */
export const deleteAccountSchema = z.object({
  currentPassword: changePasswordSchema.shape.currentPassword,
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
