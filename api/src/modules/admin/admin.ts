// Admin rules: the secret that makes a customer admin, customers, and the orders' life after payment.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ADMIN_SECRET_ATTEMPTS,
  ADMIN_SECRET_WINDOW_MINUTES,
  ORDER_STATUS_PREDECESSOR,
  adminMessages,
  type AdminOrder,
  type AdminOrderPage,
  type OrderStatus,
  type ShopUser,
} from '@shop/contracts';
import type { SessionUser } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { attemptLimiter, claimEach } from '../accounts/attempt-limiter';
import {
  deleteCustomerUnlessAdmin,
  grantAdmin,
  listCustomers,
  toShopUser,
} from '../accounts/repository';
import { signOutEverywhere } from '../accounts/session-store';
import { toAdminOrder } from '../orders/orders';
import { findOrderById, listOrders, moveStatus } from '../orders/repository';
import { AdminGrantAttemptModel, type AdminGrantOutcome } from './model';

const ADMIN_SECRET_WINDOW_MS = ADMIN_SECRET_WINDOW_MINUTES * 60 * 1000;

/**
 * Guesses at the secret, counted in the database (across replicas and restarts): 3 per 15 minutes
 * per account; 10 per 15 minutes per address, so fresh accounts from one address do not add up; and
 * 30 per 15 minutes from everywhere together, so guessing spread over many addresses stays at
 * 120 an hour in all. Past the address or global limit an alert is logged.
 */
export const adminSecretLimits = {
  perAccount: attemptLimiter('admin-secret', ADMIN_SECRET_ATTEMPTS, ADMIN_SECRET_WINDOW_MS),
  perAddress: attemptLimiter('admin-secret:ip', 10, ADMIN_SECRET_WINDOW_MS),
  global: attemptLimiter('admin-secret:all', 30, ADMIN_SECRET_WINDOW_MS),
};

/** Compares in constant time: both sides are hashed first, so even their lengths do not show. */
export function secretsMatch(given: string, expected: string): boolean {
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
  await AdminGrantAttemptModel.create({
    customerId: user.id,
    email: user.email,
    ip,
    outcome,
    createdAt: new Date(),
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
  const claim = await claimEach([
    [adminSecretLimits.perAccount, user.id],
    ...(limitedIp === undefined ? [] : [[adminSecretLimits.perAddress, limitedIp] as const]),
    [adminSecretLimits.global, 'all'],
  ]);
  if (!claim.allowed) {
    await recordAttempt(user, ip, 'rate_limited', logger);
    if (claim.refusedBy !== adminSecretLimits.perAccount) {
      logger.error(
        {
          alert: 'admin-secret-guessing',
          limit: claim.refusedBy === adminSecretLimits.global ? 'global' : 'address',
          customerId: user.id,
          ip,
        },
        'ALERT: admin secret guessing past the address or global limit',
      );
    }
    throw AppError.rateLimited(claim.retryAfterSeconds, adminMessages.tooManyAttempts);
  }
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

export async function adminCustomerList(): Promise<ShopUser[]> {
  return (await listCustomers()).map(toShopUser);
}

/** Deletes a customer (signed out everywhere); an admin account is refused and stays. */
export async function deleteCustomer(id: string): Promise<void> {
  const outcome = await deleteCustomerUnlessAdmin(id);
  if (outcome === 'admin') throw AppError.forbidden(adminMessages.adminNotDeletable);
  if (outcome === 'missing') throw AppError.notFound('Customer not found');
  await signOutEverywhere(id);
}

export async function adminOrderPage(query: {
  page: number;
  pageSize: number;
  status?: OrderStatus;
}): Promise<AdminOrderPage> {
  const { orders, total } = await listOrders(query);
  return {
    orders: orders.map(toAdminOrder),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

/**
 * processing -> shipped (only once paid) -> completed; anything else is a 400. One conditional write,
 * so two admins moving the same order at once cannot skip a step.
 */
export async function moveOrderStatus(id: string, to: OrderStatus): Promise<AdminOrder> {
  if (to === 'processing') {
    throw AppError.invalid('An order cannot be moved back to processing', [
      { path: 'status', message: 'An order cannot be moved back to processing' },
    ]);
  }
  const from = ORDER_STATUS_PREDECESSOR[to];
  const moved = await moveStatus(id, from, to, to === 'shipped' ? { paymentStatus: 'paid' } : {});
  if (moved) return toAdminOrder(moved);
  const order = await findOrderById(id);
  if (!order) throw AppError.notFound('Order not found');
  const message =
    order.status === from && to === 'shipped'
      ? 'Only a paid order can be shipped'
      : `An order cannot be moved from ${order.status} to ${to}`;
  throw AppError.invalid(message, [{ path: 'status', message }]);
}

/** The order's artwork: only a file that is on one of the order's items. */
export async function assertOrderHasFile(orderId: string, filename: string): Promise<void> {
  const order = await findOrderById(orderId);
  if (!order) throw AppError.notFound('Order not found');
  const onOrder = order.items.some((item) =>
    item.files.some((file) => file.hashedName === filename),
  );
  if (!onOrder) throw AppError.notFound('File not found');
}
