// Account rules: sign-up, sign-in with its attempt limits, password change; the admin's customers.
import {
  accountMessages,
  adminMessages,
  type AdminCustomerDetail,
  type ShopUser,
} from '@shop/contracts';
import type { z } from 'zod';
import type { registerSchema } from '@shop/contracts';
import { AppError } from '../../platform/errors';
import { attemptLimiter } from './attempt-limiter';
import type { CustomerRecord } from './model';
import { hashPassword, passwordMatches } from './passwords';
import { customerOrdersForAdmin } from '../orders/orders';
import {
  deleteCustomerUnlessAdmin,
  findCustomerByEmail,
  findCustomerById,
  insertCustomer,
  listCustomers,
  setPasswordHash,
  toShopUser,
} from './repository';
import { signOutEverywhere, signOutOtherSessions } from './session-store';
import { isDuplicateKeyError } from '../../platform/db';

// What the admin module uses: a customer made admin, and its client-visible form.
export { grantAdmin, toShopUser } from './repository';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/**
 * Sign-in attempts: 5 per 15 minutes for one email from one address, a back-off that only that
 * address feels, so failures from elsewhere can never lock the owner out of their own account.
 * Guessing from one address across many emails meets the per-address limit (address-limits.ts).
 * A successful sign-in forgets the address's failures. Counted in the database: across replicas.
 */
export const signInLimits = {
  perEmailAndAddress: attemptLimiter('sign-in:email+ip', 5, FIFTEEN_MINUTES_MS),
};

/** Guessing the current password through the change-password form: 5 per 15 minutes per account. */
export const changePasswordLimit = attemptLimiter('change-password', 5, FIFTEEN_MINUTES_MS);

export type Registration = z.output<typeof registerSchema>;

/** A new customer account (never an admin); a taken email is a 409. */
export async function registerCustomer(registration: Registration): Promise<CustomerRecord> {
  const { password, ...profile } = registration;
  if (await findCustomerByEmail(profile.email)) throw AppError.conflict(accountMessages.emailTaken);
  const passwordHash = await hashPassword(password);
  try {
    return await insertCustomer({ ...profile, passwordHash });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index lets one through.
    if (isDuplicateKeyError(error)) throw AppError.conflict(accountMessages.emailTaken);
    throw error;
  }
}

function tooManySignInAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return AppError.rateLimited(
    retryAfterSeconds,
    `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

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
  const claim = await signInLimits.perEmailAndAddress.claim(addressKey);
  if (!claim.allowed) throw tooManySignInAttempts(claim.retryAfterSeconds);

  const customer = await findCustomerByEmail(email);
  if (!(await passwordMatches(password, customer?.passwordHash))) return false;
  await signInLimits.perEmailAndAddress.reset(addressKey);
  return customer ?? false;
}

/** The signed-in customer as the browser sees it, or null when the account no longer exists. */
export async function currentShopUser(customerId: string): Promise<ShopUser | null> {
  const customer = await findCustomerById(customerId);
  return customer ? toShopUser(customer) : null;
}

/**
 * Replaces the password after checking the current one (400 when wrong), and signs out every other
 * session of the customer: whoever knew the old password is out.
 */
export async function changePassword({
  customerId,
  currentPassword,
  newPassword,
  keepSessionId,
}: {
  customerId: string;
  currentPassword: string;
  newPassword: string;
  keepSessionId: string;
}): Promise<void> {
  const customer = await findCustomerById(customerId);
  if (!customer) throw AppError.unauthenticated();
  const claim = await changePasswordLimit.claim(customerId);
  if (!claim.allowed) {
    throw AppError.rateLimited(
      claim.retryAfterSeconds,
      'Too many password change attempts. Please try again later.',
    );
  }
  if (!(await passwordMatches(currentPassword, customer.passwordHash))) {
    throw AppError.invalid(accountMessages.currentPasswordWrong, [
      { path: 'currentPassword', message: accountMessages.currentPasswordWrong },
    ]);
  }
  await changePasswordLimit.reset(customerId);
  await setPasswordHash(customerId, await hashPassword(newPassword));
  await signOutOtherSessions(customerId, keepSessionId);
}

// --- Admin ----------------------------------------------------------------------------------------

export async function adminCustomerList(): Promise<ShopUser[]> {
  return (await listCustomers()).map(toShopUser);
}

/** A customer with their paid orders, newest first. */
export async function adminCustomerDetail(id: string): Promise<AdminCustomerDetail> {
  const customer = await findCustomerById(id);
  if (!customer) throw AppError.notFound('Customer not found');
  return { customer: toShopUser(customer), orders: await customerOrdersForAdmin(id) };
}

/** Deletes a customer (signed out everywhere); an admin account is refused and stays. */
export async function deleteCustomer(id: string): Promise<void> {
  const outcome = await deleteCustomerUnlessAdmin(id);
  if (outcome === 'admin') throw AppError.forbidden(adminMessages.adminNotDeletable);
  if (outcome === 'missing') throw AppError.notFound('Customer not found');
  await signOutEverywhere(id);
}
