// Tokens sent by email (docs/product.md section 10): 32 random bytes in the link, only their SHA-256
// stored, one use each (an insert under the unique _id decides it), a fixed lifetime.
import { createHash, randomBytes } from 'node:crypto';
import { dueQueue } from '../../platform/due-queue';
import { AppError } from '../../platform/errors';
import type { AccountTokenPurpose, AccountTokenRecord, CustomerRecord } from './model';
import {
  deleteAccountToken,
  deleteTokenUse,
  findAccountToken,
  findCustomerById,
  findTokenUse,
  insertAccountToken,
  takeTokenUse,
} from './repository';

export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  'password-reset': 60 * 60 * 1000,
  'email-confirmation': 7 * 24 * 60 * 60 * 1000,
};

/** A use is kept while a token it could match may still be valid. */
const USE_KEPT_MS = Math.max(...Object.values(TOKEN_LIFETIME_MS));

/**
 * What the account-tokens sweep deletes, filed before each is written (platform/due-queue.ts):
 * `t:{hash}` a token at its expiry, `u:{hash}` a use once no token it could match is valid.
 */
export const accountTokensDue = dueQueue('account-tokens');

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token for the customer's current email; the caller puts it in the link it sends. */
export async function issueToken(
  customer: Pick<CustomerRecord, '_id' | 'email'>,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]);
  await accountTokensDue.add(`t:${hashToken(token)}`, expiresAt, now);
  await insertAccountToken({
    _id: hashToken(token),
    purpose,
    customerId: customer._id,
    email: customer.email,
    expiresAt,
    createdAt: now,
  });
  return token;
}

/**
 * Uses the token once: the customer it was made for. An unknown, expired or used token, a token for
 * another purpose, or one whose customer has since changed email or gone, is the one `invalid`
 * message (400), whichever it was.
 */
export async function useToken(
  token: string,
  purpose: AccountTokenPurpose,
  invalidMessage: string,
  now = new Date(),
): Promise<{ customer: CustomerRecord; record: AccountTokenRecord }> {
  const invalid = () =>
    AppError.invalid(invalidMessage, [{ path: 'token', message: invalidMessage }]);
  const hash = hashToken(token);
  const record = await findAccountToken(hash);
  if (!record || record.purpose !== purpose || record.expiresAt.getTime() <= now.getTime()) {
    throw invalid();
  }
  const customer = await findCustomerById(record.customerId.toString());
  if (!customer || customer.email !== record.email) throw invalid();
  // A reset link made before the password was last set (by another link, or changed) is void.
  const setAt = customer.passwordSetAt?.getTime() ?? 0;
  if (purpose === 'password-reset' && record.createdAt.getTime() < setAt) throw invalid();
  await accountTokensDue.add(`u:${hash}`, new Date(now.getTime() + USE_KEPT_MS), now);
  if (!(await takeTokenUse(hash, now))) throw invalid();
  return { customer, record };
}

/** Expired tokens go, and the record of a use once no token it could match can still be valid. */
export async function sweepAccountTokens(now = new Date()): Promise<number> {
  let deleted = 0;
  await accountTokensDue.runRound(now, async (ref) => {
    const hash = ref.slice(2);
    const found = ref.startsWith('t:') ? await findAccountToken(hash) : await findTokenUse(hash);
    if (!found) return 'done';
    const end =
      'expiresAt' in found ? found.expiresAt.getTime() : found.usedAt.getTime() + USE_KEPT_MS;
    if (end > now.getTime()) return { later: new Date(end) };
    deleted += ref.startsWith('t:') ? await deleteAccountToken(hash) : await deleteTokenUse(hash);
    return 'done';
  });
  return deleted;
}
