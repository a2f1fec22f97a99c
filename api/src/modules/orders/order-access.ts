// Who may read one order (docs/product.md, "Order page"): its customer signed in, the guest session
// that placed it, or whoever holds the order's guest link (a signed, expiring token bound to that one
// order, mailed with the confirmation). Anyone else reads "not found", never "forbidden", so an order's
// existence does not leak.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { Config } from '../../config';
import { guestSessionIdSchema } from '../../platform/auth-guards';
import { attemptLimiter, claimEach, recipientKey } from '../../platform/rate-limit';
import { AppError } from '../../platform/errors';
import type { OrderRecord } from './model';
import { orderLink, queueMail } from '../mail/mail';
import { findOrderById, findOrderByNumber } from './repository';

/** How long a guest order link opens its order. */
export const ORDER_LINK_LIFETIME_DAYS = 30;
const ORDER_LINK_LIFETIME_MS = ORDER_LINK_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** The query parameter that carries the guest link's token, on the page and on the API calls. */
const ORDER_LINK_PARAM = 'access';

const TOKEN_PATTERN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, orderId: string, expiresAtSeconds: number): Buffer {
  return createHmac('sha256', secret)
    .update(`order-link:v1:${orderId}:${expiresAtSeconds}`)
    .digest();
}

/** A token that opens orderId until now + 30 days: `{expiry in base 36}.{HMAC}`. */
export function signOrderLink(orderId: string, secret: string, now: Date = new Date()): string {
  const expiresAtSeconds = Math.floor((now.getTime() + ORDER_LINK_LIFETIME_MS) / 1000);
  return `${expiresAtSeconds.toString(36)}.${signature(secret, orderId, expiresAtSeconds).toString('base64url')}`;
}

/** True when token was signed for this order with this secret and has not expired at now. */
export function isValidOrderLink(
  token: string | null,
  orderId: string,
  secret: string,
  now: Date = new Date(),
): boolean {
  const parts = token ? TOKEN_PATTERN.exec(token) : null;
  if (!parts) return false;
  const expiresAtSeconds = parseInt(parts[1]!, 36);
  if (!Number.isSafeInteger(expiresAtSeconds) || expiresAtSeconds * 1000 <= now.getTime()) {
    return false;
  }
  const given = Buffer.from(parts[2]!, 'base64url');
  const expected = signature(secret, orderId, expiresAtSeconds);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link a guest opens: the order page by its number, with the token. */
export function orderLinkUrl(
  order: Pick<OrderRecord, '_id' | 'orderNumber'>,
  config: Pick<Config, 'orderLinkSecret' | 'shop'>,
  now: Date = new Date(),
): string {
  const token = signOrderLink(order._id.toString(), config.orderLinkSecret, now);
  return `${config.shop.url}/orders/${order.orderNumber}?${ORDER_LINK_PARAM}=${encodeURIComponent(token)}`;
}

/**
 * Order links mailed to one email address (any case): at most 3 an hour to the lookups of one
 * network, 10 from all, counted only for a lookup that matches. A stranger who knows the address and
 * an order number uses up their own network's 3, not the owner's; the 10 bound what one inbox gets.
 */
const orderLinks = {
  perEmailAndNetwork: attemptLimiter('email+ip:order-lookup', 3, 60 * 60 * 1000),
  perEmail: attemptLimiter('email:order-lookup', 10, 60 * 60 * 1000),
};

/**
 * Who is asking to read an order: the customer signed in, the guest session when the call carries a
 * well-formed one (a plain download link has none), the guest link's token when it carries one.
 */
export function orderReaderOf(req: Request) {
  const session = guestSessionIdSchema.safeParse(req.get('x-session-id'));
  const link = req.query[ORDER_LINK_PARAM];
  return {
    customerId: req.user?.id ?? null,
    sessionId: session.success ? session.data : null,
    orderLink: typeof link === 'string' ? link : null,
  };
}

/** The order's owner: its customer, or for a guest order the session that placed it. */
export function isOwner(
  order: OrderRecord,
  reader: { customerId?: string | null; sessionId: string | null },
): boolean {
  return order.customerId
    ? reader.customerId === order.customerId.toString()
    : reader.sessionId !== null && reader.sessionId === order.sessionId;
}

/** The order for a caller who may read any order (an admin, the shop's own steps); else a 404. */
export async function loadOrder(id: string): Promise<OrderRecord> {
  const order = await findOrderById(id);
  if (!order) throw AppError.notFound('Order not found');
  return order;
}

/**
 * For routes on one order (its page, invoice, reorder, proofs): the order when the caller is its owner
 * or holds its unexpired guest link (`?access=` on the call), else a 404 like a missing one. Admins
 * use their own routes.
 */
export async function authorizeOrderReader(
  req: Request,
  orderId: string,
  config: Pick<Config, 'orderLinkSecret'>,
  now: Date = new Date(),
): Promise<OrderRecord> {
  const reader = orderReaderOf(req);
  const order = await findOrderById(orderId);
  const readable =
    order &&
    (isOwner(order, reader) ||
      isValidOrderLink(reader.orderLink, orderId, config.orderLinkSecret, now));
  if (!readable) throw AppError.notFound('Order not found');
  return order;
}

/**
 * /orders/lookup: when the guest order of that number was placed with that email (any case), its guest
 * link is emailed there, up to the limits of orderLinks (past them nothing is sent); `network` is the
 * caller's (platform/address-limits.ts, clientNetwork). An order in an account gets no link: its
 * owner signs in to read it, and the address it was placed with may be one the account has left (an
 * email change voids what was mailed there). Once the account is deleted, its orders are found as a
 * guest's are (no one signs in to them any more). The caller answers the same either way, so the
 * lookup tells nobody whether an order exists or whose it is; only the address the order was placed
 * with receives anything. The route answers before calling this, so neither does the answer's timing.
 */
export async function sendOrderLink(
  email: string,
  orderNumber: number,
  network: string,
  config: Pick<Config, 'orderLinkSecret' | 'shop'>,
): Promise<void> {
  const now = new Date();
  const order = await findOrderByNumber(orderNumber);
  if (!order || order.paymentStatus !== 'paid') return;
  if (order.customerId && !order.accountDeleted) return;
  const placedWith = [order.customerInfo.email, order.guestEmail].filter(Boolean);
  if (!placedWith.some((address) => address!.toLowerCase() === email.toLowerCase())) return;
  const address = recipientKey(email);
  const claimed = await claimEach(
    [
      [orderLinks.perEmailAndNetwork, `${address}|${network}`],
      [orderLinks.perEmail, address],
    ],
    now,
  );
  if (!claimed.allowed) return;
  await queueMail(
    {
      // Each matching lookup sends a fresh link (the per-email limit bounds how many).
      key: `order_link:${order._id.toString()}:${now.getTime()}`,
      kind: 'order_link',
      to: order.customerInfo.email,
      rendered: orderLink(
        { orderNumber: order.orderNumber, firstName: order.customerInfo.firstName },
        orderLinkUrl(order, config, now),
        ORDER_LINK_LIFETIME_DAYS,
        config.shop,
      ),
    },
    now,
  );
}
