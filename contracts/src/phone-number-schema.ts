// An optional phone number in a request body (sign-up, profile, POST /api/payment/complete): checkout's
// rule (phone-numbers.ts, docs/product.md section 5), kept apart from it so the checkout page's first
// render does not load zod.
import { z } from 'zod';
import { isDialablePhoneNumber, normalizePhoneNumber, phoneInvalidMessage } from './phone-numbers';

/**
 * Missing, null and blank (invisible characters only, too) are "not given" (null); otherwise a dialable
 * number, kept normalized.
 */
export const optionalPhoneSchema = (label: string, max = 40) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value && normalizePhoneNumber(value)) || null)
    .refine((value) => value === null || isDialablePhoneNumber(value), phoneInvalidMessage);
