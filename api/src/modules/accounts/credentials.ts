// Checking an email and password at sign-in, behind its attempt limit. Apart from accounts.ts so
// that passport's strategy (authentication.ts) can use it without a cycle through the sessions.
import { tooManyRequests } from '../../platform/address-limits';
import { attemptLimiter } from '../../platform/rate-limit';
import type { CustomerRecord } from './model';
import { passwordMatches } from './passwords';
import { findCustomerByEmail } from './repository';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/**
 * Sign-in attempts: 5 per 15 minutes for one email from one address, a back-off that only that
 * address feels, so failures from elsewhere can never lock the owner out of their own account.
 * Guessing from one address across many emails meets the per-address limit
 * (platform/address-limits.ts). A successful sign-in forgets the address's failures. Counted in the
 * database: across replicas.
 */
const signInLimit = attemptLimiter('sign-in:email+ip', 5, FIFTEEN_MINUTES_MS);

/**
 * The customer for this email and password, or false. The answer, and the time it takes, are the
 * same whether the email has an account or not.
 */
export async function verifyCredentials({
  email,
  password,
  ip,
}: {
  email: string;
  password: string;
  ip: string;
}): Promise<CustomerRecord | false> {
  const addressKey = `${email}|${ip}`;
  // Taken before the password is compared, so parallel guesses cannot slip past the limit.
  const claim = await signInLimit.claim(addressKey);
  if (!claim.allowed) throw tooManyRequests(claim.retryAfterSeconds, 'sign-in attempts');

  const customer = await findCustomerByEmail(email);
  if (!(await passwordMatches(password, customer?.passwordHash))) return false;
  await signInLimit.reset(addressKey);
  return customer ?? false;
}
