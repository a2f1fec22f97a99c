// Tokens sent by email (docs/product.md section 10): 32 random bytes in the link, only their SHA-256
// stored, one use each (a conditional update marks it used), a fixed lifetime (the expiry sweep
// deletes it then).
import { createHash, randomBytes } from 'node:crypto';
import { accountMessages } from '@shop/contracts';
import { AppError } from '../../platform/errors';
import type { AccountTokenPurpose, AccountTokenRecord, CustomerRecord } from './model';
import {
  findAccountToken,
  findCustomerById,
  insertAccountToken,
  markTokenUsed,
} from './repository';

const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  'password-reset': 60 * 60 * 1000,
  'email-confirmation': 7 * 24 * 60 * 60 * 1000,
};

/** What a refused link answers, whatever the reason: one message per purpose. */
const INVALID_LINK_MESSAGES: Record<AccountTokenPurpose, string> = {
  'password-reset': accountMessages.resetLinkInvalid,
  'email-confirmation': accountMessages.confirmationLinkInvalid,
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new token for the customer's current email, and when it expires; the caller puts it in the link
 * it sends.
 */
export async function issueToken(
  customer: Pick<CustomerRecord, '_id' | 'email'>,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]);
  await insertAccountToken({
    _id: hashToken(token),
    purpose,
    customerId: customer._id,
    email: customer.email,
    usedAt: null,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
}

/** A token's refusal: its purpose's one message (400), on the token field. */
function invalidToken(purpose: AccountTokenPurpose): AppError {
  const message = INVALID_LINK_MESSAGES[purpose];
  return AppError.invalidField('token', message);
}

/**
 * Checks the token without using it: the customer it was made for, while it may still be used. The
 * same refusals as useToken, which uses it.
 */
export async function checkToken(
  token: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<{ customer: CustomerRecord; record: AccountTokenRecord }> {
  const invalid = () => invalidToken(purpose);
  const record = await findAccountToken(hashToken(token));
  if (
    !record ||
    record.usedAt ||
    record.purpose !== purpose ||
    record.expiresAt.getTime() <= now.getTime()
  ) {
    throw invalid();
  }
  const customer = await findCustomerById(record.customerId.toString());
  if (!customer || customer.email !== record.email) throw invalid();
  // A reset link made before the password was last set (by another link, or changed) is void.
  const setAt = customer.passwordSetAt?.getTime() ?? 0;
  if (purpose === 'password-reset' && record.createdAt.getTime() < setAt) throw invalid();
  return { customer, record };
}

/**
 * Uses the token once: the customer it was made for. An unknown, expired or used token, a token for
 * another purpose, or one whose customer has since changed email or gone, is the purpose's one
 * message (400), whichever it was.
 */
export async function useToken(
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<{ customer: CustomerRecord; record: AccountTokenRecord }> {
  const { customer, record } = await checkToken(token, purpose, now);
  // Of two uses of one link at the same moment, one marks it used; the other is refused.
  if (!(await markTokenUsed(hashToken(token), now))) throw invalidToken(purpose);
  return { customer, record };
}
