// Admin access: the secret that makes a customer admin. Customers, orders and discount codes are run
// by their own modules' admin routes.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ADMIN_SECRET_ATTEMPTS,
  ADMIN_SECRET_WINDOW_MINUTES,
  adminMessages,
  type ShopUser,
} from '@shop/contracts';
import type { SessionUser } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { attemptLimiter, claimEach } from '../../platform/rate-limit';
import { grantAdmin, toShopUser } from '../accounts/accounts';
import { adminGrantAudit, type AdminGrantOutcome } from './model';

const ADMIN_SECRET_WINDOW_MS = ADMIN_SECRET_WINDOW_MINUTES * 60 * 1000;

/**
 * Guesses at the secret, counted in the database (across replicas and restarts): 3 per 15 minutes
 * per account and 10 per address (so fresh accounts from one address do not add up), refused past
 * them. Past 30 per 15 minutes from everywhere together an alert is logged, and nothing refused: a
 * production secret (32 random characters, config.ts) is not found by guessing from many addresses,
 * and refusing everyone would let anyone lock the owner out. Past the address limit, an alert too.
 */
const adminSecretLimits = {
  perAccount: attemptLimiter('admin-secret', ADMIN_SECRET_ATTEMPTS, ADMIN_SECRET_WINDOW_MS),
  perAddress: attemptLimiter('admin-secret:ip', 10, ADMIN_SECRET_WINDOW_MS),
  global: attemptLimiter('admin-secret:all', 30, ADMIN_SECRET_WINDOW_MS),
};

/** Compares in constant time: both sides are hashed first, so even their lengths do not show. */
function secretsMatch(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The token of an `Authorization: Bearer <token>` header; undefined without one, '' when malformed. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const match = /^Bearer\s+(\S.*)$/i.exec(authorization.trim());
  return match?.[1] ?? '';
}

async function recordAttempt(
  user: SessionUser,
  ip: string,
  outcome: AdminGrantOutcome,
  logger: Logger,
) {
  await adminGrantAudit.record({
    subject: user.id,
    by: user.email,
    origin: ip,
    details: { outcome },
  });
  const entry = { customerId: user.id, email: user.email, ip, outcome };
  if (outcome === 'granted') logger.info(entry, 'Admin secret accepted: admin access granted');
  else logger.warn(entry, 'Admin secret attempt refused');
}

/**
 * Makes the signed-in customer an admin when the secret is right. The secret comes in the body and,
 * as the spec's client sends it, as a bearer token: the body's must match, and a bearer token, when
 * there is one, must match too. Every attempt is logged and stored; past the limit, a 429 before the
 * secret is even compared.
 */
export async function grantAdminWithSecret({
  user,
  secret,
  bearer,
  ip,
  limitedIp,
  adminSecret,
  logger,
}: {
  user: SessionUser;
  secret: string;
  bearer: string | undefined;
  ip: string;
  /** The address the per-address limit counts (undefined: not limited, see address-limits.ts). */
  limitedIp: string | undefined;
  adminSecret: string;
  logger: Logger;
}): Promise<ShopUser> {
  const alert = (limit: 'address' | 'global') =>
    logger.error(
      { alert: 'admin-secret-guessing', limit, customerId: user.id, ip },
      'ALERT: admin secret guessing past the address or global limit',
    );
  const claim = await claimEach([
    [adminSecretLimits.perAccount, user.id],
    ...(limitedIp === undefined ? [] : [[adminSecretLimits.perAddress, limitedIp] as const]),
  ]);
  if (!claim.allowed) {
    await recordAttempt(user, ip, 'rate_limited', logger);
    if (claim.refusedBy !== adminSecretLimits.perAccount) alert('address');
    throw AppError.rateLimited(claim.retryAfterSeconds, adminMessages.tooManyAttempts);
  }
  if (!(await adminSecretLimits.global.claim('all')).allowed) alert('global');
  const bodyMatches = secretsMatch(secret, adminSecret);
  const bearerMatches = bearer === undefined || secretsMatch(bearer, adminSecret);
  if (!bodyMatches || !bearerMatches) {
    await recordAttempt(user, ip, 'wrong_secret', logger);
    throw AppError.forbidden(adminMessages.secretInvalid);
  }
  const granted = await grantAdmin(user.id);
  if (!granted) throw AppError.unauthenticated();
  await recordAttempt(user, ip, 'granted', logger);
  return toShopUser(granted);
}
