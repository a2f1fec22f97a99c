// Placing an order: the session's cart, priced by the server alone (docs/design.md section 4), with
// the discount checked again now, shipping to the given ZIP and tax on the discounted subtotal; then
// written once, however many times the same checkout is sent.
import { createHash } from 'node:crypto';
import {
  MIN_CAP_HEIGHT_INCHES,
  isVariableLine,
  labelNumbers,
  linesTooSmallToEngrave,
  repeatedLabel,
  repeatedLabelMessage,
  formatDollars,
  toCents,
  toDollars,
  totalChangedMessage,
  variableDataOf,
  type CheckoutQuote,
  type CreatedOrder,
  type CustomerInfo,
} from '@shop/contracts';
import type { CartOwner } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import { crashAt } from '../../platform/fault-points';
import {
  clearCartCode,
  clearOrderedLines,
  ownerKeyOf,
  readCartToOrder,
  type CartLine,
} from '../cart/cart';
import { keepOrderedSheets } from '../asset-tags/asset-tags';
import { evaluateDiscount, releaseDiscountUse } from '../discounts/discounts';
import { quoteShipping } from '../shipping/shipping';
import { taxFor, type TaxRates } from '../tax/tax';
import { keepOrderedUploads } from '../uploads/uploads';
import type { OrderItemRecord, OrderRecord } from './model';
import { insertMoveEvent } from './events';
import {
  expireUnpaid,
  findLatestPlacing,
  findOrderById,
  findOpenPlacingsOf,
  insertOrder,
  issueOrderNumber,
  raiseOrderCounter,
  highestOrderNumber,
  type NewOrder,
} from './repository';

/**
 * Skipping the proof is refused while a line's text is too small to engrave legibly (capitals under
 * MIN_CAP_HEIGHT_INCHES, as the preview and the proof lay it out): the proof is where it is settled.
 */
function skipProofRefusal(items: OrderItemRecord[]): string | null {
  const tooSmall = linesTooSmallToEngrave(items);
  if (tooSmall.length === 0) return null;
  return `${labelNumbers(tooSmall)}: the text is too small to engrave legibly (its capitals would be under ${MIN_CAP_HEIGHT_INCHES}″), so we send a proof first. Uncheck “Skip the proof, engrave as shown” or change the label.`;
}

function toOrderItem(line: CartLine): OrderItemRecord {
  const { material, width, height, color, mounting, customText } = line.productConfig;
  // A plain label's line is stored as it always was; asset tags add their series, code or rows.
  const variable = variableDataOf(line.productConfig);
  const tags = variable.code || isVariableLine(variable) ? variable : {};
  return {
    lineId: String(line.id),
    productConfig: {
      material,
      width,
      height,
      color,
      mounting,
      customText: customText ?? '',
      ...tags,
    },
    files: (line.files ?? []).map(({ hashedName, originalName }) => ({ hashedName, originalName })),
    quantity: line.quantity,
    unitCents: line.unitCents,
    totalCents: line.totalCents,
  };
}

/** Why a code applied to the cart is refused at checkout: it can no longer be used. */
function codeGoneMessage(code: string, reason: string): string {
  return `The discount code ${code} can no longer be used: ${reason}. Remove it from your cart to continue.`;
}

/**
 * The code applied to the cart, checked again against today's rules and this subtotal. A code no
 * longer usable is left out (`leftOut` names it and why) where the caller's page may already show
 * the cart without it (leaveOut: the cart's read reports it removed, and an order's expectedTotal is
 * checked against the total without it); else refused, never dropped silently: the shopper would
 * pay more than their page showed.
 */
async function currentDiscount(
  code: string | null,
  subtotalCents: number,
  { leaveOut }: { leaveOut: boolean },
) {
  const none = { discountCode: null, discountCodeId: null, discountCents: 0, leftOut: null };
  if (!code) return none;
  const evaluated = await evaluateDiscount(code, subtotalCents);
  if (!evaluated.valid) {
    if (leaveOut) return { ...none, leftOut: { code, reason: evaluated.message } };
    throw AppError.conflict(codeGoneMessage(code, evaluated.message));
  }
  return {
    discountCode: evaluated.code,
    discountCodeId: evaluated.codeId,
    discountCents: Math.min(Math.max(0, evaluated.discountCents), subtotalCents),
    leftOut: null,
  };
}

function fingerprintOf(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * The caller's cart lines and the code applied to them, in one read (with `placing`, the write that
 * marks the cart placed); never empty.
 */
async function readCartToPlace(owner: CartOwner, placing: boolean) {
  const cart = await readCartToOrder(owner, { placing });
  if (cart.lines.length === 0) {
    const message = 'Your cart is empty';
    throw AppError.invalidField('cart', message);
  }
  // Lines that each passed may still repeat a label together (a series grown into another's numbers,
  // a guest's line joined at sign-in): refused before anything is written.
  const repeat = repeatedLabel(cart.lines);
  if (repeat) throw AppError.conflict(repeatedLabelMessage(repeat, 'ordering'));
  return cart;
}

/** What the cart costs shipped to this postal code: the amounts checkout charges, to the cent. */
async function priceLines(
  { lines, discountCode: applied }: Awaited<ReturnType<typeof readCartToPlace>>,
  postalCode: string,
  taxRates: TaxRates,
  { leaveOutUnusableCode }: { leaveOutUnusableCode: boolean },
) {
  const items = lines.map(toOrderItem);
  const subtotalCents = items.reduce((sum, item) => sum + item.totalCents, 0);
  const { discountCode, discountCodeId, discountCents, leftOut } = await currentDiscount(
    applied,
    subtotalCents,
    { leaveOut: leaveOutUnusableCode },
  );
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
  const shippingCarrier: CheckoutQuote['shippingCarrier'] =
    items.length === 0 ? null : shipping.upsCents < shipping.uspsCents ? 'ups' : 'usps';
  const tax = taxFor(postalCode, subtotalCents - discountCents, taxRates);
  const totalCents = Math.max(0, subtotalCents - discountCents + shippingCents + tax.amountCents);
  return {
    items,
    subtotalCents,
    discountCode,
    discountCodeId,
    discountCents,
    leftOutCode: leftOut,
    shippingCents,
    shippingCarrier,
    tax,
    totalCents,
  };
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
  // As the cart's read does, a code no longer usable is left out of the quote (the page says so).
  const priced = await priceLines(await readCartToPlace(owner, false), postalCode, taxRates, {
    leaveOutUnusableCode: true,
  });
  return {
    subtotal: toDollars(priced.subtotalCents),
    discountCode: priced.discountCode,
    discountAmount: toDollars(priced.discountCents),
    shipping: toDollars(priced.shippingCents),
    shippingCarrier: priced.shippingCarrier,
    tax: toDollars(priced.tax.amountCents),
    taxRegion: priced.tax.region ?? null,
    total: toDollars(priced.totalCents),
  };
}

/**
 * An order as the caller's cart makes it, priced by the server, before it is placed; and whether an
 * order may have been placed from that cart before (cart's readCartToOrder).
 */
type PricedOrder = Omit<NewOrder, 'cartKey' | 'placing'> & { cartPlacedBefore: boolean };

/**
 * The order the caller's cart makes for this checkout: the cart read, marked placed, and priced (the
 * order route takes the address's attempt meanwhile).
 */
export async function priceOrder(
  owner: CartOwner,
  {
    customerInfo,
    notes,
    skipProof = false,
    expectedTotal,
  }: {
    customerInfo: CustomerInfo;
    notes: string | null;
    skipProof?: boolean;
    expectedTotal?: number;
  },
  taxRates: TaxRates,
): Promise<PricedOrder> {
  const cart = await readCartToPlace(owner, true);
  const priced = await priceLines(cart, customerInfo.zipCode, taxRates, {
    leaveOutUnusableCode: expectedTotal !== undefined,
  });
  // The cart changed since the page showed its total (another tab, another device): not placed.
  // A code gone since is named as the cause (the page then takes it off and shows the new total).
  if (expectedTotal !== undefined && toCents(expectedTotal) !== priced.totalCents) {
    const gone = priced.leftOutCode;
    throw AppError.conflict(
      gone
        ? codeGoneMessage(gone.code, gone.reason)
        : totalChangedMessage(formatDollars(toDollars(priced.totalCents))),
    );
  }
  // The page showed the total without the code it can no longer use: it leaves the cart too.
  // Only that code: one applied in another tab since the cart was read stays (clearCartCode).
  if (priced.leftOutCode) await clearCartCode(owner, priced.leftOutCode.code);
  const refusal = skipProof ? skipProofRefusal(priced.items) : null;
  if (refusal) throw AppError.invalidField('skipProof', refusal);

  const made = {
    sessionId: owner.sessionId,
    customerId: owner.customerId ?? null,
    guestEmail: owner.customerId ? null : customerInfo.email,
    customerInfo,
    items: priced.items,
    subtotalCents: priced.subtotalCents,
    discountCode: priced.discountCode,
    discountCents: priced.discountCents,
    shippingCents: priced.shippingCents,
    taxCents: priced.tax.amountCents,
    taxRegion: priced.tax.region ?? null,
    totalCents: priced.totalCents,
    notes,
    skipProof,
  };
  // The code the order is placed with, by id: its payment takes the use from that code, never from
  // one made later under its name (discounts' reserveDiscountUse).
  const codeId = priced.discountCodeId;
  return {
    ...made,
    ...(codeId ? { discountCodeId: codeId } : {}),
    // What the order is made of, not which write of the cart it was read from (nor when the cart was
    // started): a cart changed and changed back still answers its unpaid order (placed with the same
    // code, not another under its name).
    cartFingerprint: fingerprintOf({
      ...made,
      ...(codeId ? { discountCodeId: String(codeId) } : {}),
    }),
    cartRevision: cart.revision,
    cartStartedBy: cart.start?.id ?? null,
    cartStartedAt: cart.start?.at ?? null,
    cartPlacedBefore: cart.placedBefore,
  };
}

/**
 * Whether this cart's latest placing is answered again: while it waits for payment, and while its
 * payment is charging (a retry after the paying process stopped pays that same order, under the
 * same idempotency key, never a second order for the cart).
 */
function reusable(order: OrderRecord): boolean {
  return (
    (order.paymentStatus === 'unpaid' || order.paymentStatus === 'charging') &&
    order.status === 'pending_payment'
  );
}

/**
 * The artwork files and spreadsheets an order is made from are kept from now on, never swept with a
 * guest's other uploads (uploads/model.ts, sweepAfter); done before the order is written, so a
 * placing that stops in between keeps a file for nothing but never loses one an order holds.
 */
async function keepOrderedArtwork(owner: CartOwner, items: OrderItemRecord[]): Promise<void> {
  const files = items.flatMap((item) => item.files.map((file) => file.hashedName));
  const sheets = items.flatMap((item) => item.productConfig.rows?.sheetId ?? []);
  await keepOrderedUploads(owner.sessionId, files);
  await keepOrderedSheets(sheets);
}

/** Placings of one cart that lose a race in a row before giving up (never, in practice). */
const MAX_RACES = 20;

/**
 * Turns the priced cart into an unpaid order, once: the order is written under its owner and cart
 * fingerprint (`cartKey`) and the how-many-th placing of that cart this is, unique together. The
 * same unchanged cart placed again (a declined card, a retried request, two requests at once, a
 * retry after the process died) answers the same unpaid order. A cart whose last placing ended
 * (expired) is placed anew; one whose last placing was paid while the cart still holds its very
 * lines (the paying call stopped before emptying it) answers that paid order and empties it.
 */
export async function placeOrder(
  owner: CartOwner,
  { cartPlacedBefore, ...order }: PricedOrder,
  { staleChargeMs }: { staleChargeMs: number },
): Promise<CreatedOrder & { reused: boolean }> {
  const cartKey = `${ownerKeyOf(owner)}:${order.cartFingerprint}`;
  await keepOrderedArtwork(owner, order.items);
  let earlierEnded = false;
  for (let race = 0; race < MAX_RACES; race++) {
    // A cart never placed before has no placing to look for: its first is written straight away.
    // Were there one after all (a placing of the same cart at the same moment), the unique index
    // refuses the write, and the next round looks.
    const latest = race === 0 && !cartPlacedBefore ? null : await findLatestPlacing(cartKey);
    if (latest && reusable(latest)) return { ...createdOrder(latest), reused: true };
    if (latest?.paymentStatus === 'paid') {
      await clearOrderedLines(owner, latest);
      return { ...createdOrder(latest), reused: true };
    }
    const placing = (latest?.placing ?? 0) + 1;
    if (!earlierEnded) {
      // The earlier checkouts end before this one is written: one whose payment began meanwhile
      // (Pay in the tab left on it) may yet charge its lines, so this one is not placed, and the
      // shopper never pays for the same labels twice.
      const earlier = await openEarlierCheckouts(
        owner,
        { cartKey, cartPlacedBefore },
        staleChargeMs,
        new Date(),
      );
      const { paidMeanwhile } = await endUnpaidCheckouts(earlier, REPLACED_CHECKOUT_NOTE);
      if (paidMeanwhile === 'charging')
        throw AppError.conflict(EARLIER_PAYMENT_IN_PROGRESS_MESSAGE);
      if (paidMeanwhile === 'paid') throw AppError.conflict(EARLIER_CHECKOUT_PAID_MESSAGE);
      earlierEnded = true;
    }
    const written = await writeOrder({ ...order, cartKey, placing });
    crashAt('after-order-write');
    if (written) return { ...createdOrder(written), reused: false };
    // Another request placed this very cart meanwhile: its order is the answer.
  }
  throw AppError.conflict('This cart is being placed by another request; please try again');
}

/** What an earlier checkout's history says when a changed cart replaced it. */
export const REPLACED_CHECKOUT_NOTE = 'Replaced: the cart was changed and placed again';

/** Why a changed cart is not placed while the payment of its earlier checkout is under way. */
export const EARLIER_PAYMENT_IN_PROGRESS_MESSAGE =
  'The payment of your earlier checkout is still going through. Wait a moment, then check your cart and place your order again.';

/** Why a changed cart is not placed when its earlier checkout was paid as it was being placed. */
export const EARLIER_CHECKOUT_PAID_MESSAGE =
  'Your earlier checkout was just paid. Check your cart, then place your order again.';

/**
 * Ends one checkout still unpaid: expired, with `note` in its history, any discount use it held given
 * back. The write that ends it is the payment's guard too (a payment that took the order first wins):
 * null when it was paid, charging or ended meanwhile, else the order as it was before.
 */
export async function expireCheckout(
  orderId: OrderRecord['_id'],
  note: string,
  now: Date,
): Promise<OrderRecord | null> {
  const before = await expireUnpaid(orderId);
  if (!before) return null;
  await insertMoveEvent({
    orderId: orderId.toString(),
    at: now,
    by: null,
    from: 'pending_payment',
    to: 'expired',
    note,
  });
  if (before.discountCode && before.discountReserved)
    await releaseDiscountUse(before.discountCode, before.discountCodeId);
  return before;
}

/**
 * Ends checkouts still waiting for payment, as the day's sweep ends them (payments/expiry.ts). One
 * whose charge is in flight or was never answered (the card may have been charged) is left to the
 * sweep, as is one paid meanwhile. How many ended, and `paidMeanwhile`: whether one read unpaid was
 * taken by its payment before it could be ended ('charging' or 'paid'), else null.
 */
export async function endUnpaidCheckouts(
  checkouts: readonly OrderRecord[],
  note: string,
  now = new Date(),
): Promise<{ ended: number; paidMeanwhile: 'charging' | 'paid' | null }> {
  let ended = 0;
  let paidMeanwhile: 'charging' | 'paid' | null = null;
  for (const checkout of checkouts) {
    if (checkout.paymentStatus !== 'unpaid' || checkout.unansweredToken) continue;
    if (await expireCheckout(checkout._id, note, now)) {
      ended += 1;
      continue;
    }
    // Paid, charging or ended meanwhile.
    const taken = (await findOrderById(checkout._id.toString()))?.paymentStatus;
    if (taken === 'paid' || (taken === 'charging' && paidMeanwhile === null)) paidMeanwhile = taken;
  }
  return { ended, paidMeanwhile };
}

/**
 * The owner's earlier checkouts, still open, when a changed cart is placed (one cart, one order to
 * pay): a tab left on the old checkout could otherwise pay the old lines after the new order took the
 * cart, and the shopper pay twice. They are the cart's earlier placings (looked for when the cart was
 * placed before, so a guest's first checkout costs nothing more) and, for a customer, those this
 * browser placed as a guest before signing in (the guest cart joined the account's). While one's
 * payment is under way (charging for less than `staleChargeMs`) the new one is refused, 409: the old
 * one may yet be paid.
 */
async function openEarlierCheckouts(
  owner: CartOwner,
  { cartKey, cartPlacedBefore }: { cartKey: string; cartPlacedBefore: boolean },
  staleChargeMs: number,
  now: Date,
): Promise<OrderRecord[]> {
  const owners = [
    ...(cartPlacedBefore ? [ownerKeyOf(owner)] : []),
    ...(owner.customerId ? [ownerKeyOf({ sessionId: owner.sessionId })] : []),
  ];
  const earlier: OrderRecord[] = [];
  for (const key of owners) earlier.push(...(await findOpenPlacingsOf(key)));
  const others = earlier.filter((order) => order.cartKey !== cartKey);
  const paying = others.some(
    (order) =>
      order.paymentStatus === 'charging' &&
      (order.chargingSince?.getTime() ?? 0) > now.getTime() - staleChargeMs,
  );
  if (paying) throw AppError.conflict(EARLIER_PAYMENT_IN_PROGRESS_MESSAGE);
  return others;
}

/**
 * Numbers issued to this process that no order took (its placing lost to a request placing the same
 * cart at the same moment): the next order this process writes takes them first, so a double submit
 * leaves no gap in the numbers.
 */
const givenBack: number[] = [];

/** Writes the order under an order number; null when its placing was taken meanwhile. */
async function writeOrder(order: NewOrder): Promise<OrderRecord | null> {
  for (;;) {
    const orderNumber = givenBack.shift() ?? (await issueOrderNumber());
    let written;
    try {
      written = await insertOrder(order, orderNumber, new Date());
    } catch (error) {
      givenBack.push(orderNumber);
      throw error;
    }
    if ('inserted' in written) return written.inserted;
    if (written.taken === 'placing') {
      givenBack.push(orderNumber);
      givenBack.sort((a, b) => a - b);
      return null;
    }
    // A number taken already: the counter is behind the orders (a restored database).
    await raiseOrderCounter((await highestOrderNumber()) ?? written.orderNumber);
  }
}

function createdOrder(order: OrderRecord): CreatedOrder {
  return {
    orderId: order._id.toString(),
    orderNumber: order.orderNumber,
    total: toDollars(order.totalCents),
  };
}
