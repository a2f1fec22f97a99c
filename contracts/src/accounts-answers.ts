/**
 * Runtime schemas for the account answers, each tied to its type so the two cannot drift apart.
 * The apps parse every answer with these instead of trusting a cast.
 */
import { z } from 'zod';
import type { ShopUser } from './shop-store';

/** A customer as the API shows it: everything but the password hash. */
export const shopUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullish(),
  company: z.string().nullish(),
  address: z.string().nullish(),
  zipCode: z.string().nullish(),
  isAdmin: z.boolean(),
  emailConfirmed: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<ShopUser>;

/** GET /api/auth/me: the signed-in customer, or null for a guest. */
export const currentUserAnswerSchema = shopUserSchema.nullable();

/** POST /api/auth/change-password (200). */
export const passwordChangedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;

/** POST /api/auth/forgot-password (202): the same answer for every email. */
export const forgotPasswordAnswerSchema = z.object({ message: z.string() });

/** POST /api/auth/confirm-email (200): the customer, and how many earlier guest orders joined the account. */
export const emailConfirmedSchema = z.object({
  user: shopUserSchema,
  joinedOrders: z.number().int().min(0),
});
export type EmailConfirmed = z.infer<typeof emailConfirmedSchema>;
