// Placing an order: the session's cart, priced by the server alone (docs/design.md section 4), with the
// discount checked again now, shipping to the given ZIP and tax on the discounted subtotal.
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import {
  nextDay,
  startOfDayIn,
  toDollars,
  type AdminOrder,
  type AdminOrderPage,
  type CheckoutQuote,
  type CreatedOrder,
  type CustomerInfo,
  type OrderDetail,
  type OrderHistoryEntry,
  type OrderStatus,
} from '@shop/contracts';
import type { CartOwner } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import { crashAt } from '../../platform/fault-points';
import { clearOrderedLines, readCartToOrder, type CartLine } from '../cart/cart';
import { evaluateDiscount } from '../discounts/discounts';
import { quoteShipping } from '../shipping/shipping';
import { taxFor, type TaxRates } from '../tax/tax';
import type { OrderItemRecord, OrderRecord } from './model';
import {
  findPaidGuestOrdersByEmail,
  joinOrderToCustomer,
  checkoutKey,
  deleteCheckoutKey,
  findCheckoutKey,
  findOrderById,
  insertCheckoutKey,
  insertOrder,
  listOrderMoves,
  listOrdersOfCustomer,
  type NewOrder,
} from './repository';
import { giveBackOrderNumber, nextOrderNumber } from './counter';
import { scheduleCheckoutSweeps } from './sweeps';

// What the payments module uses: an order by id and its payment state.
import { searchOrders } from './search';

export type { OrderRecord } from './model';
export { announcePayment, prepareToRecordPayment, recordPayment } from './lifecycle';
export { findOrderById, markDiscountReserved, setPaymentState } from './repository';

export const EMPTY_CART_MESSAGE = 'Your cart is empty';

function toOrderItem(line: CartLine): OrderItemRecord {
  const { material, width, height, color, mounting, customText } = line.productConfig;
  return {
    lineId: String(line.id),
    productConfig: { material, width, height, color, mounting, customText: customText ?? '' },
    files: (line.files ?? []).map(({ hashedName, originalName }) => ({ hashedName, originalName })),
    quantity: line.quantity,
    unitCents: line.unitCents,
    totalCents: line.totalCents,
  };
}

/** The code applied to the cart, checked again against today's rules and this subtotal. */
async function currentDiscount(code: string | null, subtotalCents: number) {
  if (!code) return { discountCode: null, discountCents: 0 };
  const evaluated = await evaluateDiscount(code, subtotalCents);
  if (!evaluated.valid) {
    // Not dropped silently: the shopper would pay more than the cart showed.
    throw AppError.conflict(
      `The discount code ${code} can no longer be used: ${evaluated.message} Remove it from your cart to continue.`,
    );
  }
  return {
    discountCode: evaluated.code,
    discountCents: Math.min(Math.max(0, evaluated.discountCents), subtotalCents),
  };
}

function fingerprintOf(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** What the cart costs shipped to this postal code: the amounts checkout charges, to the cent. */
async function priceLines(
  { lines, discountCode: applied }: Awaited<ReturnType<typeof readCartToPlace>>,
  postalCode: string,
  taxRates: TaxRates,
) {
  const items = lines.map(toOrderItem);
  const subtotalCents = items.reduce((sum, item) => sum + item.totalCents, 0);
  const { discountCode, discountCents } = await currentDiscount(applied, subtotalCents);
  const shipping = await quoteShipping(
    items.map(({ productConfig: { material, width, height }, quantity }) => ({
      material,
      width,
      height,
      quantity,
    })),
    postalCode,
  );
  const shippingCents = shipping.chargeCents;
  const tax = taxFor(postalCode, subtotalCents - discountCents, taxRates);
  const totalCents = Math.max(0, subtotalCents - discountCents + shippingCents + tax.amountCents);
  return { items, subtotalCents, discountCode, discountCents, shippingCents, tax, totalCents };
}

/** The caller's cart lines and the code applied to them, in one read; never empty. */
async function readCartToPlace(owner: CartOwner) {
  const cart = await readCartToOrder(owner);
  if (cart.lines.length === 0) {
    throw AppError.invalid(EMPTY_CART_MESSAGE, [{ path: 'cart', message: EMPTY_CART_MESSAGE }]);
  }
  return cart;
}

/**
 * The checkout's amounts for the address entered, before anything is placed or charged: placing the
 * order with the same cart and postal code charges exactly this total.
 */
export async function quoteCheckout(
  owner: CartOwner,
  postalCode: string,
  taxRates: TaxRates,
): Promise<CheckoutQuote> {
  const priced = await priceLines(await readCartToPlace(owner), postalCode, taxRates);
  return {
    subtotal: toDollars(priced.subtotalCents),
    discountCode: priced.discountCode,
    discountAmount: toDollars(priced.discountCents),
    shipping: toDollars(priced.shippingCents),
    tax: toDollars(priced.tax.amountCents),
    taxRegion: priced.tax.region ?? null,
    total: toDollars(priced.totalCents),
  };
}

/** An order as the caller's cart makes it, priced by the server, before it is placed. */
export type PricedOrder = Omit<NewOrder, 'orderNumber'>;

/**
 * The order the caller's cart makes for this checkout: the cart read and priced, nothing written
 * (the order route takes the address's attempt meanwhile).
 */
export async function priceOrder(
  owner: CartOwner,
  {
    customerInfo,
    notes,
    skipProof = false,
  }: { customerInfo: CustomerInfo; notes: string | null; skipProof?: boolean },
  taxRates: TaxRates,
): Promise<PricedOrder> {
  const { items, subtotalCents, discountCode, discountCents, shippingCents, tax, totalCents } =
    await priceLines(await readCartToPlace(owner), customerInfo.zipCode, taxRates);

  const order: PricedOrder = {
    sessionId: owner.sessionId,
    customerId: owner.customerId ?? null,
    guestEmail: owner.customerId ? null : customerInfo.email,
    customerInfo,
    items,
    subtotalCents,
    discountCode,
    discountCents,
    shippingCents,
    taxCents: tax.amountCents,
    taxRegion: tax.region ?? null,
    totalCents,
    notes,
    skipProof,
    cartFingerprint: '',
  };
  order.cartFingerprint = fingerprintOf({ ...order, cartFingerprint: undefined });
  return order;
}

/**
 * Turns the priced cart into an unpaid order. Placing the same unchanged cart again (a declined
 * card, a retried request, concurrent identical requests, a retry after the process died mid-way)
 * answers the same unpaid order: see placeOnce.
 */
export async function placeOrder(
  owner: CartOwner,
  order: PricedOrder,
): Promise<CreatedOrder & { reused: boolean }> {
  const placed = await placeOnce(owner, order);
  return { ...createdOrder(placed.order), reused: placed.reused };
}

/** How long a retry waits for an order another request is writing before it writes it itself. */
const IN_FLIGHT_WAIT_MS = 3000;

/**
 * Whether this cart's earlier placing is answered again: while it waits for payment, and also while
 * its payment is charging (a retry after the paying process stopped pays that same order, under the
 * same idempotency key, never a second order for the cart).
 */
function reusable(order: OrderRecord, cartFingerprint: string): boolean {
  return (
    (order.paymentStatus === 'unpaid' || order.paymentStatus === 'charging') &&
    order.status === 'pending_payment' &&
    order.cartFingerprint === cartFingerprint
  );
}

/**
 * Paid, yet the cart still holds the very lines it was placed with (the fingerprint names their
 * ids; paying takes them out of the cart): the paying process stopped before emptying the cart.
 */
function paidButNotEmptied(order: OrderRecord, cartFingerprint: string): boolean {
  return order.paymentStatus === 'paid' && order.cartFingerprint === cartFingerprint;
}

/**
 * The order of this cart, written once (docs/design.md section 3, "Placing an order once"): the
 * checkout key `{owner}:{fingerprint}:{g}` is inserted under its unique _id with the new order's id
 * BEFORE the order is written. A second request for the same cart loses the insert, reads the key and
 * answers that order; if the order is not there (being written, or its process died after the key),
 * it waits a moment and then writes the order under the key's id itself (the order's unique _id lets
 * only one write win). A key whose order has ended sends the cart to the next g; one whose order was
 * paid answers it when the cart was never emptied after the payment (paidButNotEmptied).
 */
async function placeOnce(
  owner: CartOwner,
  order: PricedOrder,
): Promise<{ order: OrderRecord; reused: boolean }> {
  for (let g = 1, lost = 0; g <= 1000 && lost <= 10; g++) {
    const key = checkoutKey(owner, order.cartFingerprint, g);
    const orderId = new Types.ObjectId();
    const now = new Date();
    // The key goes in beside this placing's sweeps and its order number's issue: inserted first
    // and read only when taken, as most placings are of a cart not placed before. Sweeps filed for
    // a key taken already find nothing of theirs to do (orders/sweeps.ts); the number goes back.
    const taken = await takeCheckoutKey(key, orderId, now);
    if (taken) {
      crashAt('after-checkout-key');
      const created = await insertOrder(order, orderId, {
        createdAt: now,
        issued: taken.issued,
        listWhileWriting: true,
      });
      crashAt('after-order-write');
      if (created) return { order: created, reused: false };
      const written = await findOrderById(orderId.toString());
      if (written) return { order: written, reused: true };
      throw new Error(`Order ${orderId.toString()} was neither written nor found`);
    }
    const claim = await findCheckoutKey(key);
    if (!claim) {
      g -= 1; // taken, then swept away meanwhile: try this key again
      lost += 1;
      continue;
    }
    const existing = await orderOfKey(key, claim.orderId, order);
    if (reusable(existing.order, order.cartFingerprint)) return existing;
    if (paidButNotEmptied(existing.order, order.cartFingerprint)) {
      // Emptied now, as the payment would have; the paid order is the answer (paying it again
      // answers its payment, charging nothing).
      await clearOrderedLines(owner, existing.order);
      return existing;
    }
  }
  throw new Error('This cart was placed too many times');
}

/**
 * Inserts the checkout key, files its placing's sweeps and issues its order number, side by side:
 * the number when the key went in, false when another request holds the key. Nothing is left when a
 * call fails: the number goes back, and the key, if it went in, is deleted (if even that fails, a
 * retry that writes the key's order files its sweeps itself: orderOfKey).
 */
async function takeCheckoutKey(
  key: string,
  orderId: Types.ObjectId,
  now: Date,
): Promise<{ issued: number } | false> {
  const settled = await Promise.allSettled([
    nextOrderNumber(),
    scheduleCheckoutSweeps(key, orderId, now),
    insertCheckoutKey(key, orderId, now),
  ] as const);
  const [issued, , keyed] = settled;
  const failed = settled.find((call) => call.status === 'rejected');
  const keyIn = keyed.status === 'fulfilled' && keyed.value;
  if (!failed && keyIn && issued.status === 'fulfilled') return { issued: issued.value };
  if (issued.status === 'fulfilled') giveBackOrderNumber(issued.value);
  if (!failed) return false; // another request's key
  if (keyIn) await deleteCheckoutKey(key).catch(() => {});
  throw failed.reason;
}

/**
 * The order a checkout key points at, waiting for it briefly, then writing it under that id, with
 * its sweeps filed again (the request that took the key may have stopped before they went in; a
 * sweep filed twice finds its work done the second time).
 */
async function orderOfKey(
  key: string,
  keyedId: Types.ObjectId,
  order: PricedOrder,
): Promise<{ order: OrderRecord; reused: boolean }> {
  const orderId = keyedId.toString();
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const found = await findOrderById(orderId);
    if (found) return { order: found, reused: true };
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The request that took the key died before writing the order: this one writes it.
  await scheduleCheckoutSweeps(key, keyedId, new Date());
  const created = await insertOrder(order, keyedId, {
    createdAt: new Date(),
    issued: await nextOrderNumber(),
    listWhileWriting: false,
  });
  if (created) return { order: created, reused: false };
  const written = await findOrderById(orderId);
  if (!written) throw new Error(`Order ${orderId} was neither written nor found`);
  return { order: written, reused: true };
}

function createdOrder(order: OrderRecord): CreatedOrder {
  return {
    orderId: order._id.toString(),
    orderNumber: order.orderNumber,
    total: toDollars(order.totalCents),
  };
}

/**
 * The order if the caller may act on it: a customer's order only for that customer signed in, a
 * guest's order only for the guest session that placed it. Anything else reads as not found.
 */
export async function findCallersOrder(owner: CartOwner, orderId: string): Promise<OrderRecord> {
  const order = await findOrderById(orderId);
  if (!order) throw AppError.notFound('Order not found');
  const mine = order.customerId
    ? owner.customerId === order.customerId.toString()
    : order.sessionId === owner.sessionId;
  if (!mine) throw AppError.notFound('Order not found');
  return order;
}

export function toHistoryEntry(order: OrderRecord): OrderHistoryEntry {
  return {
    id: order._id.toString(),
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    paymentStatus: order.paymentStatus,
    subtotal: toDollars(order.subtotalCents),
    discountCode: order.discountCode,
    discountAmount: toDollars(order.discountCents),
    shipping: toDollars(order.shippingCents),
    tax: toDollars(order.taxCents),
    total: toDollars(order.totalCents),
    notes: order.notes,
    shipment: order.shipment
      ? { ...order.shipment, shippedAt: new Date(order.shipment.shippedAt).toISOString() }
      : null,
    refunded: toDollars(order.refundedCents ?? 0),
    items: order.items.map((item) => ({
      id: item.lineId,
      productConfig: item.productConfig,
      files: item.files,
      quantity: item.quantity,
      unitPrice: toDollars(item.unitCents),
      totalPrice: toDollars(item.totalCents),
    })),
  };
}

export function toAdminOrder(order: OrderRecord): AdminOrder {
  return {
    ...toHistoryEntry(order),
    customerId: order.customerId?.toString() ?? null,
    guestEmail: order.guestEmail,
    customerInfo: order.customerInfo,
    taxRegion: order.taxRegion,
    paymentId: order.paymentId,
    paidAt: order.paidAt?.toISOString() ?? null,
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** The signed-in customer's orders, newest first. */
export async function orderHistory(customerId: string): Promise<OrderHistoryEntry[]> {
  return (await listOrdersOfCustomer(customerId)).map(toHistoryEntry);
}

/** The customer's paid orders as the admin sees them (a customer's detail view). */
export async function customerOrdersForAdmin(customerId: string): Promise<AdminOrder[]> {
  return (await listOrdersOfCustomer(customerId)).map(toAdminOrder);
}

/** One page of the admin's order search (search.ts), newest first, with the place of the next. */
export async function adminOrderPage(
  query: {
    pageSize: number;
    status?: OrderStatus;
    q?: string;
    from?: string;
    to?: string;
    before?: string;
  },
  timeZone: string,
): Promise<AdminOrderPage> {
  const { orders, next } = await searchOrders({
    pageSize: query.pageSize,
    status: query.status,
    q: query.q,
    createdFrom: query.from ? startOfDayIn(timeZone, query.from) : undefined,
    createdBefore: query.to ? startOfDayIn(timeZone, nextDay(query.to)) : undefined,
    before: query.before,
  });
  return { orders: orders.map(toAdminOrder), pageSize: query.pageSize, nextBefore: next };
}

export { sweepOpenCheckouts } from './sweeps';

/** The order's artwork: only a file that is on one of the order's items. */
export async function assertOrderHasFile(orderId: string, filename: string): Promise<void> {
  const order = await findOrderById(orderId);
  if (!order) throw AppError.notFound('Order not found');
  const onOrder = order.items.some((item) =>
    item.files.some((file) => file.hashedName === filename),
  );
  if (!onOrder) throw AppError.notFound('File not found');
}

/** The order for an admin, or for its owner by findCallersOrder's rule; anyone else reads not found. */
export async function findViewableOrder(
  viewer: { owner: CartOwner | null; isAdmin: boolean },
  orderId: string,
): Promise<OrderRecord> {
  if (viewer.isAdmin) {
    const order = await findOrderById(orderId);
    if (!order) throw AppError.notFound('Order not found');
    return order;
  }
  if (!viewer.owner) throw AppError.notFound('Order not found');
  return findCallersOrder(viewer.owner, orderId);
}

/**
 * One order as its customer (or the holder of its guest link) sees it: the history fields, where it
 * goes, and its steps with dates: placed, then each state it entered (the admins' names stay out).
 */
export async function orderDetail(order: OrderRecord): Promise<OrderDetail> {
  const moves = await listOrderMoves(order._id.toString());
  return {
    ...toHistoryEntry(order),
    customerInfo: order.customerInfo,
    taxRegion: order.taxRegion,
    paidAt: order.paidAt?.toISOString() ?? null,
    history: [
      { at: order.createdAt.toISOString(), status: 'pending_payment' as const },
      ...moves.flatMap((move) =>
        move.to && move.to !== 'pending_payment'
          ? [{ at: move.at.toISOString(), status: move.to }]
          : [],
      ),
    ],
  };
}

/**
 * The paid guest orders placed with the customer's email join the account (docs/product.md section 10):
 * called once the customer has confirmed that email by its emailed link, never before. The count of
 * orders that joined.
 */
export async function joinGuestOrders(
  customerId: string,
  confirmedEmail: string,
  now = new Date(),
): Promise<number> {
  let joined = 0;
  for (const order of await findPaidGuestOrdersByEmail(confirmedEmail)) {
    if (await joinOrderToCustomer(order._id, customerId, now)) joined += 1;
  }
  return joined;
}
