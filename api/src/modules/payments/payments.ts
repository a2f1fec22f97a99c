// Paying for an order (docs/design.md sections 4, 5 and 5a): the order's own total is charged, at most once
// per order, with the discount use counted within its limit just before the card is charged.
import {
  toDollars,
  type CompletedPayment,
  type PaymentConfig,
  type completePaymentSchema,
} from '@shop/contracts';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { CartOwner } from '../../platform/auth-guards';
import { tooManyRequests } from '../../platform/address-limits';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { clearOrderedLines } from '../cart/cart';
import { releaseDiscountUse, reserveDiscountUse } from '../discounts/discounts';
import {
  announcePayment,
  claimOwnPayment,
  claimPayment,
  findCallersOrder,
  findOrderById,
  markDiscountReserved,
  markSettled,
  recordPayment,
  releasePayment,
  takeOverStalePayment,
  type OrderRecord,
} from '../orders/orders';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox';
import { SQUARE_SCRIPT_URLS, isSquareSandbox, squareProvider } from './square';

const SANDBOX_SCRIPT_PATH = '/api/payment/sandbox/payments.js';
const DISCOUNT_GONE_MESSAGE = 'This discount code is no longer available';
const CHECKOUT_EXPIRED_MESSAGE =
  'This checkout has expired. Please review your cart and place your order again.';
const PAYMENT_IN_PROGRESS_MESSAGE =
  'A payment for this order is already in progress. Please wait a moment.';

export function createPaymentProvider(config: Config): PaymentProvider {
  return config.payment.provider === 'square'
    ? squareProvider(config.payment.square)
    : sandboxProvider();
}

export function paymentConfig(config: Config): PaymentConfig {
  if (config.payment.provider === 'square') {
    const square = config.payment.square;
    return {
      applicationId: square.applicationId ?? '',
      locationId: square.locationId ?? '',
      provider: 'square',
      scriptUrl: isSquareSandbox(square)
        ? SQUARE_SCRIPT_URLS.sandbox
        : SQUARE_SCRIPT_URLS.production,
    };
  }
  return {
    applicationId: 'sandbox-sq0idb-engraved-label-shop',
    locationId: 'SANDBOX-LOCATION',
    provider: 'sandbox',
    scriptUrl: SANDBOX_SCRIPT_PATH,
  };
}

type PaymentInput = z.output<typeof completePaymentSchema>;

function completed(order: OrderRecord): CompletedPayment {
  return {
    success: true,
    orderId: order._id.toString(),
    orderNumber: order.orderNumber,
    total: toDollars(order.totalCents),
    paymentId: order.paymentId ?? '',
  };
}

/**
 * Finishes what follows a paid order's payment when the call that paid it stopped first: the
 * history and the messages (each once; orders' announcePayment), the cart emptied of the lines paid
 * for, then the order marked settled. `owner`: the caller, whose cart is emptied; the sweep
 * (expiry.ts) has none and empties the cart the order was placed from. A settled order's lines are
 * taken out of the caller's cart again (a settlement by the sweep emptied the placing owner's, and
 * the caller may have signed in since): the same lines only, so nothing added later goes.
 */
export async function settlePayment(
  order: OrderRecord,
  config: Config,
  owner: CartOwner | null,
): Promise<void> {
  if (order.settledAt) {
    if (owner) await clearOrderedLines(owner, order);
    return;
  }
  await announcePayment(order, config);
  await clearOrderedLines(owner ?? placedBy(order), order);
  await markSettled(order._id, new Date());
}

/** The owner of the cart an order was placed from. */
function placedBy(order: OrderRecord): CartOwner {
  return order.customerId
    ? { sessionId: order.sessionId, customerId: order.customerId.toString() }
    : { sessionId: order.sessionId };
}

const WAIT_STEP_MS = 100;

/**
 * Takes the order's payment (unpaid -> charging); while another call holds it, waits for that call
 * (up to `waitForOtherCallMs`, then 409): a paid order answers its result (a double submit gets the
 * same success twice), a payment given back is taken, and one charging for longer than
 * `staleChargeMs` (its call stopped) is taken over.
 */
async function claimOrAwait(
  orderId: string,
  token: string,
  { staleChargeMs, waitForOtherCallMs }: Config['payment'],
): Promise<{ charging: OrderRecord } | { paidBy: OrderRecord }> {
  const deadline = Date.now() + waitForOtherCallMs;
  for (;;) {
    const now = new Date();
    const charging = await claimPayment(orderId, token, now);
    if (charging) return { charging };
    const order = await findOrderById(orderId);
    if (!order) throw AppError.notFound('Order not found');
    if (order.paymentStatus === 'paid') return { paidBy: order };
    if (order.status !== 'pending_payment') throw AppError.conflict(CHECKOUT_EXPIRED_MESSAGE);
    if (order.paymentStatus === 'charging' && order.chargingSince) {
      const staleBefore = new Date(now.getTime() - staleChargeMs);
      const taken = await takeOverStalePayment(orderId, order.chargingSince, staleBefore, now);
      if (taken) return { charging: taken };
    }
    if (Date.now() >= deadline) throw AppError.conflict(PAYMENT_IN_PROGRESS_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/**
 * Cards one order may have declined within an hour of each other: far more than a shopper's typos,
 * few for a card tester trying stolen numbers on one order. Paying again after a decline also takes
 * one of the address's payment attempts (platform/address-limits.ts).
 */
export const DECLINES_PER_ORDER = 5;
const DECLINE_WINDOW_MS = 60 * 60 * 1000;

/** The order's declines that still count: those less than an hour after one another, up to now. */
function recentDeclines(order: OrderRecord, now: Date): number {
  const last = order.lastDeclinedAt?.getTime();
  return last !== undefined && now.getTime() - last < DECLINE_WINDOW_MS
    ? (order.declinedPayments ?? 0)
    : 0;
}

/**
 * The idempotency key of the order's next charge request: the order's id, then one of its own after
 * each refused request (Square answers a key sent again only when the request is the same, and the
 * card token of a new attempt is not).
 */
function chargeKeyOf(order: OrderRecord): string {
  const id = order._id.toString();
  const refused = order.chargeAttempts ?? 0;
  return refused === 0 ? id : `${id}-${refused}`;
}

/** What a shopper reads when the card processor failed or did not answer. */
export const PAYMENT_UNAVAILABLE_MESSAGE =
  'The payment could not be completed because the card processor did not answer. Please try again: your card will be charged at most once for this order.';

/**
 * Charges the order's total with the card token. Idempotent: a paid order answers its payment again
 * and charges nothing; two calls at once charge once (the order's payment claim, claimOrAwait). A
 * discount code takes one use within its limit before the charge (none left: a clean refusal, nothing
 * charged) and gives it back if the charge is refused. A decline leaves the order unpaid and the cart as it
 * was, and is counted on the order: past DECLINES_PER_ORDER, or past the address's attempts
 * (`takeRetryAttempt`, taken only after a decline), a 429 charges nothing. Success records the
 * payment and empties the cart.
 */
export async function completePayment({
  owner,
  input,
  provider,
  logger,
  config,
  takeRetryAttempt,
}: {
  owner: CartOwner;
  input: PaymentInput;
  provider: PaymentProvider;
  logger: Logger;
  config: Config;
  takeRetryAttempt: () => Promise<void>;
}): Promise<CompletedPayment> {
  // A paid order answers its payment again, once what follows it is done (settlePayment).
  const paidAlready = async (order: OrderRecord) => {
    await settlePayment(order, config, owner);
    return completed(order);
  };
  // The usual call takes the payment of the caller's unpaid order at once; any other reads the order
  // first (not the caller's, paid, expired, or its payment held by another call).
  let order = await claimOwnPayment(input.orderId, owner, input.paymentId, new Date());
  if (!order) {
    const found = await findCallersOrder(owner, input.orderId);
    if (found.paymentStatus === 'paid') return paidAlready(found);
    if (found.status === 'expired') throw AppError.conflict(CHECKOUT_EXPIRED_MESSAGE);
    const claimed = await claimOrAwait(found._id.toString(), input.paymentId, config.payment);
    if ('paidBy' in claimed) return paidAlready(claimed.paidBy);
    order = claimed.charging;
  }
  // The order as the claim wrote it: what it holds now is what this call charges.
  const orderId = order._id.toString();
  const chargingSince = order.chargingSince!;

  // After a decline, the order's and the address's limits first: a refusal gives the payment back.
  const declines = recentDeclines(order, chargingSince);
  if (declines > 0) {
    try {
      if (declines >= DECLINES_PER_ORDER) {
        const lastDeclinedAt = order.lastDeclinedAt!.getTime();
        const retryAfterMs = lastDeclinedAt + DECLINE_WINDOW_MS - chargingSince.getTime();
        throw tooManyRequests(retryAfterMs / 1000, 'declined cards for this order');
      }
      await takeRetryAttempt();
    } catch (error) {
      await releasePayment(orderId, chargingSince, order.lastPaymentError);
      throw error;
    }
  }

  // A use still held from an abandoned attempt (discountReserved) is not taken twice.
  let reservedFrom = order.discountCodeId ?? null;
  if (order.discountCode && !order.discountReserved) {
    reservedFrom = await reserveDiscountUse(order.discountCode, order.discountCodeId ?? null);
    if (!reservedFrom) {
      await releasePayment(orderId, chargingSince, DISCOUNT_GONE_MESSAGE);
      throw AppError.conflict(DISCOUNT_GONE_MESSAGE);
    }
    await markDiscountReserved(orderId, { codeId: reservedFrom });
  }

  // The request this call sends: one never answered is sent again as it was, as it may have charged
  // (the provider answers it with what it did); a payment taken over sends what its call sent.
  const token = order.unansweredToken ?? order.chargingToken ?? input.paymentId;
  let paymentId: string;
  try {
    paymentId =
      order.totalCents === 0
        ? `no-charge-${orderId}` // a 100% discount with free shipping: nothing to charge
        : (
            await provider.charge({
              orderId,
              amountCents: order.totalCents,
              token,
              idempotencyKey: chargeKeyOf(order),
              referenceId: String(order.orderNumber),
              buyerEmail: input.customerEmail ?? order.customerInfo.email,
            })
          ).paymentId;
  } catch (error) {
    if (error instanceof AppError) {
      // Refused (a decline, a request the provider would not take): nothing was charged, so the
      // discount's use goes back, and the next attempt is a new request.
      if (order.discountCode && (await markDiscountReserved(orderId, false)))
        await releaseDiscountUse(order.discountCode, reservedFrom);
      const declined =
        error.kind === 'payment_declined'
          ? { declinedPayments: declines + 1, lastDeclinedAt: new Date() }
          : null;
      await releasePayment(orderId, chargingSince, error.message, { refused: declined });
      throw error;
    }
    // Unreachable, timed out or broken: not the shopper's card, and maybe charged. The order stays
    // payable with its discount's use held, and its next attempt sends this request again, which
    // the provider answers without charging twice.
    await releasePayment(orderId, chargingSince, PAYMENT_UNAVAILABLE_MESSAGE, {
      unanswered: token,
    });
    logger.error(
      { err: error, orderId, provider: provider.name },
      'Charging the card failed; order left unpaid',
    );
    throw AppError.paymentUnavailable(PAYMENT_UNAVAILABLE_MESSAGE, error);
  }

  // Paid, in its first state, with the confirmation and the shop's notice queued (orders' paid.ts).
  const paid = await recordPayment(
    order,
    {
      paymentId,
      paidAt: new Date(),
      paymentContact: {
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerPhone: input.customerPhone,
        customerCompany: input.customerCompany,
        customerAddress: input.customerAddress,
        customerZipCode: input.customerZipCode,
      },
    },
    config,
  );
  if (!paid) {
    // Paid meanwhile by a call that took this one's payment over (same charge, same key).
    const current = await findOrderById(orderId);
    if (current?.paymentStatus !== 'paid') throw AppError.notFound('Order not found');
    return paidAlready(current);
  }
  // The items paid for and the discount applied to them leave the cart (lines added since stay);
  // then the order is settled. A call stopped before this point leaves a paid order not settled,
  // which the shopper's retry or the sweep settles (settlePayment).
  await clearOrderedLines(owner, order);
  await markSettled(paid._id, new Date());
  logger.info({ orderId, orderNumber: paid.orderNumber, paymentId }, 'Order paid');
  return completed(paid);
}
