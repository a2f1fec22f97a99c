// The cart (docs/product.md sections 3, 4 and 7; docs/design.md section 4): lines priced by the server, a discount
// kept in the cart session and checked again whenever the cart is read or changed, tax by region.
import {
  CART_FULL_MESSAGE,
  MAX_CART_LINES,
  toDollars,
  type Cents,
  type CartItem,
  type CartChangeResponse,
  type CartDeleteResponse,
  type CartResponse,
  type CartSessionResponse,
  type CartSessionUpdate,
  type DiscountRemoved,
  type LabelConfiguration,
  type ProductConfig,
  priceLabel,
  toCents,
  type ApplyDiscountResponse,
} from '@shop/contracts';
import type { CartOwner } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import { asAnswerToATypedCode, evaluateDiscount } from '../discounts/discounts';
import { taxFor, type TaxRates } from '../tax/tax';
import { assignSessionUploadsToCustomer, ownedFilenames } from '../uploads/uploads';
import type { CartItemRecord, CartSessionRecord } from './model';
import {
  assignGuestItemsToCustomer,
  clearSessionDiscount,
  deleteItems,
  deleteSession,
  dropSessionDiscount,
  findItems,
  findSession,
  newItem,
  saveItems,
  saveSessionDiscount,
  updateSessionDiscountAmount,
} from './repository';

export type { CartOwner };

/** A cart line as the order module reads it: money in cents. */
export interface CartLine {
  id: string;
  productConfig: ProductConfig;
  files: Array<{ hashedName: string; originalName: string }>;
  quantity: number;
  unitCents: Cents;
  totalCents: Cents;
  createdAt: Date;
}

/** Prices come from the rules every time, so a line never carries a price the rules no longer give. */
function toCartLine(item: CartItemRecord): CartLine {
  const priced = priceLabel({ ...item.productConfig, quantity: item.quantity });
  return {
    id: item._id.toString(),
    productConfig: {
      material: item.productConfig.material,
      width: item.productConfig.width,
      height: item.productConfig.height,
      color: item.productConfig.color,
      mounting: item.productConfig.mounting,
      customText: item.productConfig.customText ?? '',
    },
    files: item.files.map(({ hashedName, originalName }) => ({ hashedName, originalName })),
    quantity: item.quantity,
    unitCents: priced.unitCents,
    totalCents: priced.subtotalCents,
    createdAt: item.createdAt,
  };
}

function toCartItem(line: CartLine): CartItem {
  return {
    id: line.id,
    productConfig: line.productConfig,
    files: line.files,
    quantity: line.quantity,
    unitPrice: toDollars(line.unitCents),
    totalPrice: toDollars(line.totalCents),
    createdAt: line.createdAt.toISOString(),
  };
}

export async function listCartLines(owner: CartOwner): Promise<CartLine[]> {
  return (await findItems(owner)).map(toCartLine);
}

/** The cart's subtotal in cents, or null when the cart is empty. */
export async function cartSubtotalCents(owner: CartOwner): Promise<Cents | null> {
  const lines = await listCartLines(owner);
  return lines.length === 0 ? null : sumOf(lines);
}

function sumOf(lines: CartLine[]): Cents {
  return lines.reduce((sum, line) => sum + line.totalCents, 0);
}

/**
 * After an order is paid: the lines it contains go (same line, same quantity), and so does the
 * discount that was used on them. Lines added or changed after the order was placed stay.
 */
export async function clearOrderedLines(
  owner: CartOwner,
  ordered: ReadonlyArray<{ lineId: string; quantity: number }>,
): Promise<void> {
  const orderedQuantity = new Map(ordered.map((line) => [line.lineId, line.quantity]));
  const clearLines = async () => {
    const items = await findItems(owner);
    const kept = items.filter((item) => orderedQuantity.get(String(item._id)) !== item.quantity);
    if (kept.length !== items.length) await saveItems(owner, kept);
  };
  await Promise.all([clearLines(), clearSessionDiscount(owner)]);
}

/**
 * Right after sign-in: the guest session's items, uploads and applied discount become the customer's,
 * found by customerId from any of their sessions. A guest discount replaces the customer's earlier one;
 * with none, the customer's stays. Safe to call twice.
 */
export async function mergeGuestCartIntoCustomer(
  sessionId: string,
  customerId: string,
): Promise<void> {
  await assignGuestItemsToCustomer(sessionId, customerId);
  await assignSessionUploadsToCustomer(sessionId, customerId);
  const guest: CartOwner = { sessionId };
  const guestSession = await findSession(guest);
  if (guestSession?.discountCode) {
    await saveSessionDiscount(
      { sessionId, customerId },
      {
        discountCode: guestSession.discountCode,
        discountAmountCents: guestSession.discountAmountCents,
        discountData: guestSession.discountData,
      },
    );
  }
  if (guestSession) await deleteSession(guest);
}

/** The account was deleted: its cart and cart session go (each one document by its owner key). */
export async function forgetCustomerCart(customerId: string): Promise<void> {
  // The owner key of a customer is the customer alone; the session id plays no part in it.
  const owner: CartOwner = { sessionId: '', customerId };
  await deleteItems(owner);
  await deleteSession(owner);
}

export interface CartSessionState {
  discountCode: string | null;
  /** In cents. */
  discountAmount: Cents;
  discountData: CartSessionRecord['discountData'];
}

/** The applied discount as stored (the order module checks the code again itself). */
export async function getCartSession(owner: CartOwner): Promise<CartSessionState | null> {
  const session = await findSession(owner);
  if (!session) return null;
  return {
    discountCode: session.discountCode,
    discountAmount: session.discountAmountCents,
    discountData: session.discountData,
  };
}

interface CheckedDiscount {
  discount: { code: string; description: string; amountCents: Cents } | null;
  /** The applied code no longer applies to the cart as it is now (expired, used up, under minimum...). */
  unusable?: DiscountRemoved;
}

/**
 * Checks the applied code against the cart as it is now, without writing anything: still usable, its
 * amount follows the subtotal; no longer usable, it is reported (a read never drops it).
 */
async function checkCartDiscount(
  owner: CartOwner,
  subtotalCents: Cents,
  known?: CartSessionRecord | null,
): Promise<CheckedDiscount> {
  const session = known === undefined ? await findSession(owner) : known;
  if (!session?.discountCode) return { discount: null };
  const evaluation = await evaluateDiscount(session.discountCode, subtotalCents);
  if (!evaluation.valid) {
    return {
      discount: null,
      unusable: { code: session.discountCode, message: evaluation.message },
    };
  }
  return {
    discount: {
      code: evaluation.code,
      description: evaluation.description,
      amountCents: evaluation.discountCents,
    },
  };
}

/**
 * GET /api/cart: lines, totals with the discount and the tax for zipCode. A pure read: an applied code
 * that no longer applies is left out of the totals and named in `discountRemoved`, and stays stored
 * until a change to the cart (or the shopper, through POST /api/cart/session) drops it.
 */
export async function readCart(
  owner: CartOwner,
  taxRates: TaxRates,
  zipCode?: string,
): Promise<CartResponse> {
  const [lines, session] = await Promise.all([listCartLines(owner), findSession(owner)]);
  const subtotalCents = sumOf(lines);
  const checked = await checkCartDiscount(owner, subtotalCents, session);
  return cartResponse(lines, checked, taxRates, zipCode);
}

/** The cart's answer from its lines and its checked code: totals, the discount, the tax for zipCode. */
function cartResponse(
  lines: CartLine[],
  { discount, unusable }: CheckedDiscount,
  taxRates: TaxRates,
  zipCode?: string,
): CartResponse {
  const subtotalCents = sumOf(lines);
  const discountCents = Math.min(discount?.amountCents ?? 0, subtotalCents);
  const taxableCents = subtotalCents - discountCents;
  const tax = taxFor(zipCode, taxableCents, taxRates);
  return {
    items: lines.map(toCartItem),
    itemCount: lines.reduce((count, line) => count + line.quantity, 0),
    subtotal: toDollars(subtotalCents),
    discount: discount
      ? { code: discount.code, description: discount.description, amount: toDollars(discountCents) }
      : null,
    ...(unusable ? { discountRemoved: unusable } : {}),
    tax: { region: tax.region, amount: toDollars(tax.amountCents) },
    total: toDollars(taxableCents + tax.amountCents),
  };
}

/**
 * After a change: the applied code is checked against the new subtotal and dropped (or its stored
 * amount updated) here; the answer is the whole cart as it now is, naming a code this change dropped.
 */
async function cartAfterChange(owner: CartOwner, saved: CartItemRecord[]): Promise<CartResponse> {
  const lines = saved.map(toCartLine);
  const { discount, unusable } = await checkCartDiscount(owner, sumOf(lines));
  if (unusable) await dropSessionDiscount(owner, unusable.code);
  else if (discount) await updateSessionDiscountAmount(owner, discount.amountCents);
  // Answered from the lines just saved; without a ZIP code, so no tax applies and no rate table is
  // needed. A code this change dropped is named, no longer applied.
  return cartResponse(lines, unusable ? { discount: null, unusable } : { discount }, {});
}

/** Files on a line must be ones this owner uploaded (a content hash alone gives no access). */
async function assertFilesAreOwned(
  owner: CartOwner,
  files: LabelConfiguration['files'],
): Promise<void> {
  const owned = await ownedFilenames(owner, [...new Set(files.map((file) => file.hashedName))]);
  const errors = files.flatMap((file, index) =>
    owned.has(file.hashedName)
      ? []
      : [
          {
            path: `files.${index}.hashedName`,
            message: `File "${file.originalName}" was not uploaded in this session`,
          },
        ],
  );
  if (errors.length > 0) throw AppError.invalid(errors[0]!.message, errors);
}

/** POST /api/cart: a new line, priced here. */
export async function addToCart(
  owner: CartOwner,
  configuration: LabelConfiguration,
): Promise<CartChangeResponse> {
  await assertFilesAreOwned(owner, configuration.files);
  const items = await findItems(owner);
  // A soft limit (two requests at once may both pass): it bounds a cart, it is not a business rule.
  if (items.length >= MAX_CART_LINES) throw AppError.conflict(CART_FULL_MESSAGE);
  const { material, width, height, color, mounting, customText, quantity, files } = configuration;
  const priced = priceLabel({ material, width, height, mounting, quantity });
  const added = newItem({
    productConfig: { material, width, height, color, mounting, customText },
    files: files.map(({ hashedName, originalName }) => ({ hashedName, originalName })),
    quantity,
    unitPriceCents: priced.unitCents,
    totalPriceCents: priced.subtotalCents,
  });
  const saved = [...items, added];
  await saveItems(owner, saved);
  return { ...(await cartAfterChange(owner, saved)), item: toCartItem(toCartLine(added)) };
}

/** The owner's lines and the one asked for; another owner's line is a 404, as is one that is gone. */
async function itemsWith(owner: CartOwner, id: string) {
  const items = await findItems(owner);
  const index = items.findIndex((candidate) => candidate._id.toString() === id);
  if (index < 0) throw AppError.notFound('Cart item not found');
  return { items, index };
}

/** PUT /api/cart/{id}: a new quantity, repriced with its quantity break. */
export async function changeQuantity(
  owner: CartOwner,
  id: string,
  quantity: number,
): Promise<CartChangeResponse> {
  const { items, index } = await itemsWith(owner, id);
  const current = items[index]!;
  const priced = priceLabel({ ...current.productConfig, quantity });
  const changed: CartItemRecord = {
    ...current,
    quantity,
    unitPriceCents: priced.unitCents,
    totalPriceCents: priced.subtotalCents,
    updatedAt: new Date(),
  };
  const saved = items.map((item, position) => (position === index ? changed : item));
  await saveItems(owner, saved);
  return { ...(await cartAfterChange(owner, saved)), item: toCartItem(toCartLine(changed)) };
}

/**
 * PUT /api/cart/{id}/configuration: the line edited in the configurator. It keeps its id and place in
 * the cart; everything else is the new configuration, priced by the server.
 */
export async function replaceCartLine(
  owner: CartOwner,
  id: string,
  configuration: LabelConfiguration,
): Promise<CartChangeResponse> {
  await assertFilesAreOwned(owner, configuration.files);
  const { items, index } = await itemsWith(owner, id);
  const current = items[index]!;
  const { material, width, height, color, mounting, customText, quantity, files } = configuration;
  const priced = priceLabel({ material, width, height, mounting, quantity });
  const changed: CartItemRecord = {
    ...current,
    productConfig: { material, width, height, color, mounting, customText },
    files: files.map(({ hashedName, originalName }) => ({ hashedName, originalName })),
    quantity,
    unitPriceCents: priced.unitCents,
    totalPriceCents: priced.subtotalCents,
    updatedAt: new Date(),
  };
  const saved = items.map((item, position) => (position === index ? changed : item));
  await saveItems(owner, saved);
  return { ...(await cartAfterChange(owner, saved)), item: toCartItem(toCartLine(changed)) };
}

/** DELETE /api/cart/{id}. */
export async function removeFromCart(owner: CartOwner, id: string): Promise<CartDeleteResponse> {
  const { items, index } = await itemsWith(owner, id);
  const saved = items.filter((_, position) => position !== index);
  await saveItems(owner, saved);
  return { ...(await cartAfterChange(owner, saved)), id };
}

function toSessionResponse(session: CartSessionRecord | null): CartSessionResponse {
  return {
    discountCode: session?.discountCode ?? null,
    discountAmount: session?.discountCode ? toDollars(session.discountAmountCents) : null,
    discountData: session?.discountCode ? session.discountData : null,
  };
}

/**
 * GET /api/cart/session: the applied discount with its amount on the cart as it is now; a code that no
 * longer applies reads as none (a read writes nothing).
 */
export async function readCartSession(owner: CartOwner): Promise<CartSessionResponse> {
  const session = await findSession(owner);
  const { discount } = await checkCartDiscount(owner, sumOf(await listCartLines(owner)));
  if (!session || !discount) return toSessionResponse(null);
  return toSessionResponse({ ...session, discountAmountCents: discount.amountCents });
}

/**
 * POST /api/cart/session: a code is applied only if it is usable on the server's own cart, with the
 * server's amount and description (what the browser sends for those is ignored); null clears it.
 */
export async function saveCartSession(
  owner: CartOwner,
  update: CartSessionUpdate,
): Promise<CartSessionResponse> {
  if (!update.discountCode) {
    await clearSessionDiscount(owner);
    return toSessionResponse(await findSession(owner));
  }
  const subtotalCents = sumOf(await listCartLines(owner));
  const evaluation = asAnswerToATypedCode(
    await evaluateDiscount(update.discountCode, subtotalCents),
  );
  if (!evaluation.valid) {
    throw AppError.invalid(evaluation.message, [
      { path: 'discountCode', message: evaluation.message },
    ]);
  }
  const saved = await saveSessionDiscount(owner, {
    discountCode: evaluation.code,
    discountAmountCents: evaluation.discountCents,
    discountData: {
      code: evaluation.code,
      description: evaluation.description,
      type: evaluation.type,
      value: evaluation.value,
    },
  });
  return toSessionResponse(saved);
}

/**
 * POST /api/discount-codes/apply: whether a code works on the caller's cart and what it takes off.
 * Nothing is saved: the cart session keeps an applied code (POST /api/cart/session) and a use is only
 * taken at payment. The server's own cart decides; the subtotal sent is only used while it is empty.
 */
export async function applyDiscountCode(
  owner: CartOwner,
  { code, subtotal }: { code: string; subtotal: number },
  now: Date = new Date(),
): Promise<ApplyDiscountResponse> {
  const cartSubtotal = await cartSubtotalCents(owner);
  const subtotalCents = cartSubtotal ?? toCents(subtotal);
  const evaluation = asAnswerToATypedCode(await evaluateDiscount(code, subtotalCents, now));
  if (!evaluation.valid) {
    return {
      valid: false,
      reason: evaluation.reason,
      message: evaluation.message,
      discountCode: null,
      discountAmount: 0,
      newTotal: toDollars(subtotalCents),
    };
  }
  return {
    valid: true,
    discountCode: { code: evaluation.code, description: evaluation.description },
    discountAmount: toDollars(evaluation.discountCents),
    newTotal: toDollars(subtotalCents - evaluation.discountCents),
  };
}
