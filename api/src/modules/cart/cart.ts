// The cart (docs/product.md sections 3, 4 and 7; docs/design.md section 4): lines priced by the server, a discount
// code kept with them in the cart and checked again whenever the cart is read or changed, tax by region.
import {
  type ApplyDiscountResponse,
  CART_FULL_MESSAGE,
  type CartChangeResponse,
  type CartDeleteResponse,
  type CartItem,
  type CartResponse,
  type CartSessionResponse,
  type CartSessionUpdate,
  type Cents,
  type DiscountRemoved,
  formatCount,
  isVariableLine,
  repeatedLabel,
  repeatedLabelMessage,
  type LabelConfiguration,
  LINE_QUANTITY_LIMIT_MESSAGE,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  priceLabel,
  type ProductConfig,
  sameVariableData,
  seriesRangeProblem,
  toCents,
  toDollars,
  variableDataOf,
} from '@shop/contracts';
import {
  assertCodesScan,
  assignSessionSheetsToCustomer,
  checkLabelData,
} from '../asset-tags/asset-tags';
import type { CartOwner } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import { asAnswerToATypedCode, evaluateDiscount } from '../discounts/discounts';
import { taxFor, type TaxRates } from '../tax/tax';
import { assignSessionUploadsToCustomer, ownedFilenames } from '../uploads/uploads';
import type { CartDiscountRecord, CartItemRecord } from './model';
import {
  assignGuestCartToCustomer,
  cartStartsBetween,
  clearDiscount,
  deleteCartAtRevision,
  deleteCartKeepingStart,
  findCart,
  findCartToPlace,
  findGuestCartHoldings,
  giveGuestCartsAnEnd,
  labelKeyOf,
  newItem,
  ownerKeyOf,
  pushNewLine,
  removeAbandonedGuestCarts,
  saveCart,
  saveDiscount,
  type CartStart,
  type StoredCart,
} from './repository';

// The funnel's starts (insights); the sweep of guests' abandoned carts (jobs) and its migration; what
// a guest's cart holds, for the sweeps of guests' uploads and sheets (jobs); the key that names a cart's
// owner, which an order's placing and series keep too (orders).
export {
  cartStartsBetween,
  findGuestCartHoldings,
  giveGuestCartsAnEnd,
  ownerKeyOf,
  removeAbandonedGuestCarts,
};

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
      ...variableDataOf(item.productConfig),
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
  return (await findCart(owner)).items.map(toCartLine);
}

/** The cart as an order is priced or placed from it (readCartToOrder). */
interface CartToOrder {
  lines: CartLine[];
  /** The code applied, checked by the caller. */
  discountCode: string | null;
  /** The revision read: the order keeps it for clearOrderedLines. */
  revision: string | null;
  /** The cart's start: the order keeps it for the funnel (paying takes the cart away). */
  start: CartStart | null;
  /** Whether an order may have been placed from this cart before (repository.ts, findCartToPlace). */
  placedBefore: boolean;
}

/**
 * The cart as an order is priced from it (a quote) or, with `placing`, placed from it: then the read
 * also marks the cart as placed, in the same write.
 */
export async function readCartToOrder(
  owner: CartOwner,
  { placing }: { placing: boolean },
): Promise<CartToOrder> {
  const cart = placing
    ? await findCartToPlace(owner)
    : { ...(await findCart(owner)), placedBefore: true };
  return {
    lines: cart.items.map(toCartLine),
    discountCode: cart.discount?.discountCode ?? null,
    revision: cart.revision,
    start: cart.start,
    placedBefore: cart.placedBefore,
  };
}

function sumOf(lines: CartLine[]): Cents {
  return lines.reduce((sum, line) => sum + line.totalCents, 0);
}

export const CART_BUSY_MESSAGE =
  'Your cart was being changed in another window at the same moment. Please try again.';

/** Times a change reads the cart again after another write changed it first (never, in practice). */
const CART_CHANGE_ATTEMPTS = 10;

/**
 * Makes a change of the cart: `change` reads the cart, makes its change on what it holds and saves
 * it only if no other write came since (repository's saveCart), answering null when one did. Then
 * it runs again on the cart as it now is, so a line added or changed in another tab at the same
 * moment is kept, never written over.
 */
async function changeCart<T>(change: () => Promise<T | null>): Promise<T> {
  for (let attempt = 0; attempt < CART_CHANGE_ATTEMPTS; attempt++) {
    const done = await change();
    if (done !== null) return done;
  }
  throw AppError.conflict(CART_BUSY_MESSAGE);
}

/** An order's line as clearOrderedLines compares it: what the order item keeps of its cart line. */
interface OrderedLine {
  lineId: string;
  quantity: number;
  productConfig: Omit<ProductConfig, 'customText' | 'series' | 'code' | 'rows'> & {
    customText?: string | null;
  } & Parameters<typeof variableDataOf>[0];
  files?: ReadonlyArray<{ hashedName: string; originalName: string }> | null;
}

/**
 * Whether the cart line is still exactly what was ordered: same id, quantity, configuration and files.
 * The id alone is not enough, as an edit in the configurator (replaceCartLine) keeps it. Compared
 * field by field as the order item stores them (orders' toOrderItem: text missing is '', files in
 * the line's order), so neither key order nor a field stored as absent tells two equal lines apart.
 * Prices are left out: they follow the rules, not the shopper.
 */
function isTheOrderedLine(item: CartItemRecord, ordered: OrderedLine): boolean {
  const files = ordered.files ?? [];
  return (
    String(item._id) === ordered.lineId &&
    item.quantity === ordered.quantity &&
    labelKeyOf(item.productConfig) === labelKeyOf(ordered.productConfig) &&
    sameVariableData(item.productConfig, ordered.productConfig) &&
    item.files.length === files.length &&
    item.files.every(
      (file, index) =>
        file.hashedName === files[index]!.hashedName &&
        file.originalName === files[index]!.originalName,
    )
  );
}

/**
 * After an order is paid: the lines it contains go (the same line, unchanged), and so does the code
 * it used, if the cart still holds that one. Lines added or changed, and a code applied, after the
 * order was placed stay. A cart still at the revision the order was placed from (`cartRevision`) is
 * all ordered, its every line and its code (placing takes the whole cart, and refuses a code that no
 * longer applies): it goes in one write. Otherwise one read and at most one write of the cart (read
 * again if a line was added in another tab meanwhile: changeCart).
 */
export async function clearOrderedLines(
  owner: CartOwner,
  order: {
    items: ReadonlyArray<OrderedLine>;
    discountCode: string | null;
    cartRevision?: string | null;
  },
): Promise<void> {
  if (order.cartRevision && (await deleteCartAtRevision(owner, order.cartRevision))) return;
  const orderedLines = new Map(order.items.map((line) => [line.lineId, line]));
  await changeCart(async () => {
    const cart = await findCart(owner);
    const kept = cart.items.filter((item) => {
      const ordered = orderedLines.get(String(item._id));
      return !ordered || !isTheOrderedLine(item, ordered);
    });
    const codeUsed =
      order.discountCode !== null && cart.discount?.discountCode === order.discountCode;
    if (kept.length === cart.items.length && !codeUsed) return true;
    return (await saveCart(owner, cart, kept, codeUsed ? null : cart.discount)) || null;
  });
}

/**
 * Right after sign-in: the guest session's lines, uploads and applied code become the customer's,
 * found by customerId from any of their sessions. A label the customer's cart already holds joins
 * that line as adding it would (joinedLine); other lines join only up to MAX_CART_LINES, the ones past
 * it staying in the guest cart (assignGuestCartToCustomer). A guest code replaces the customer's
 * earlier one; with none, the customer's stays. Safe to call twice.
 */
export async function mergeGuestCartIntoCustomer(
  sessionId: string,
  customerId: string,
): Promise<void> {
  await changeCart(
    async () => (await assignGuestCartToCustomer(sessionId, customerId, joinedLine)) || null,
  );
  await assignSessionUploadsToCustomer(sessionId, customerId);
  await assignSessionSheetsToCustomer(sessionId, customerId);
}

/** The account was deleted: its cart goes (one document by its owner key), its start kept. */
export async function forgetCustomerCart(customerId: string): Promise<void> {
  // The owner key of a customer is the customer alone; the session id plays no part in it.
  await deleteCartKeepingStart({ sessionId: '', customerId });
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
  applied: CartDiscountRecord | null,
  subtotalCents: Cents,
): Promise<CheckedDiscount> {
  if (!applied?.discountCode) return { discount: null };
  const evaluation = await evaluateDiscount(applied.discountCode, subtotalCents);
  if (!evaluation.valid) {
    return {
      discount: null,
      unusable: { code: applied.discountCode, message: evaluation.message },
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
  const cart = await findCart(owner);
  const lines = cart.items.map(toCartLine);
  const checked = await checkCartDiscount(cart.discount, sumOf(lines));
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
 * A change: the applied code is checked against the new subtotal, then the lines are saved with the
 * code dropped or its amount updated, in one write; the answer is the whole cart as it now is, naming
 * a code this change dropped. Null when the cart changed since `cart` was read: nothing was written
 * (changeCart makes the change again).
 */
async function saveChange(
  owner: CartOwner,
  cart: StoredCart,
  saved: CartItemRecord[],
  started?: CartStart,
): Promise<CartResponse | null> {
  const lines = saved.map(toCartLine);
  const checked = await checkCartDiscount(cart.discount, sumOf(lines));
  const kept =
    cart.discount && checked.discount
      ? { ...cart.discount, discountAmountCents: checked.discount.amountCents }
      : null;
  if (!(await saveCart(owner, cart, saved, kept, started))) return null;
  // Answered from the lines just saved; without a ZIP code, so no tax applies and no rate table is
  // needed. A code this change dropped is named, no longer applied.
  return cartResponse(lines, checked, {});
}

/**
 * Refuses lines where the one at `index` (added or changed) would engrave a label another line
 * engraves: a series' numbers and a spreadsheet's rows go once into an order (repeatedLabel).
 */
function assertNoRepeat(
  lines: ReadonlyArray<Pick<CartItemRecord, 'productConfig' | 'quantity'>>,
  index: number,
  when: 'adding' | 'changing',
): void {
  const repeat = repeatedLabel(lines, { involving: index });
  if (repeat) throw AppError.conflict(repeatedLabelMessage(repeat, when));
}

/**
 * Saves the cart with the line at index replaced by changed; the answer carries that line. Null when
 * the cart changed since it was read (saveChange).
 */
async function saveChangedLine(
  owner: CartOwner,
  cart: StoredCart,
  index: number,
  changed: CartItemRecord,
): Promise<CartChangeResponse | null> {
  const saved = cart.items.map((item, position) => (position === index ? changed : item));
  assertNoRepeat(saved, index, 'changing');
  const answer = await saveChange(owner, cart, saved);
  return answer && { ...answer, item: toCartItem(toCartLine(changed)) };
}

/** The line at a new quantity, priced by the rules with its quantity break. */
function atQuantity(line: CartItemRecord, quantity: number): CartItemRecord {
  const priced = priceLabel({ ...line.productConfig, quantity });
  return {
    ...line,
    quantity,
    unitPriceCents: priced.unitCents,
    totalPriceCents: priced.subtotalCents,
    updatedAt: new Date(),
  };
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

/** A line's label and files, as a cart line keeps them and as a configuration being added has them. */
type LabelAndFiles = Parameters<typeof sameVariableData>[0] &
  Parameters<typeof labelKeyOf>[0] & {
    files: ReadonlyArray<{ hashedName: string; originalName: string }>;
  };

/**
 * Whether a cart line is the same label as another, or as the configuration being added: the same
 * options, text, code and files (in any order), so adding it again means more of that label, not a
 * second line of it. A numbered series or a spreadsheet's rows is never more of another line: its
 * labels are each their own, and two series added one after the other stay two lines.
 */
function isSameLabel(a: LabelAndFiles, b: LabelAndFiles): boolean {
  if (isVariableLine(a) || isVariableLine(b)) return false;
  if (!sameVariableData(a, b)) return false;
  const fileKey = (files: LabelAndFiles['files']) =>
    files
      .map((file) => `${file.hashedName}\n${file.originalName}`)
      .sort()
      .join('\n');
  return labelKeyOf(a) === labelKeyOf(b) && fileKey(a.files) === fileKey(b.files);
}

const labelOfLine = (item: CartItemRecord): LabelAndFiles => ({
  ...item.productConfig,
  files: item.files,
});

/**
 * A guest's line for a label the customer's cart already holds, joined to their line as adding it
 * would have: one line of both quantities, priced at the break they reach together. It takes the
 * guest line's id, so a sign-in's merge run again finds the guest line already joined. Null for
 * different labels, or quantities together past the line's limit (the lines stay two).
 */
function joinedLine(theirs: CartItemRecord, guests: CartItemRecord): CartItemRecord | null {
  if (!isSameLabel(labelOfLine(theirs), labelOfLine(guests))) return null;
  const quantity = theirs.quantity + guests.quantity;
  if (quantity > MAX_LINE_QUANTITY) return null;
  return { ...atQuantity(theirs, quantity), _id: guests._id };
}

/**
 * The configuration as a cart line keeps it, once its files are the owner's and its asset-tag data
 * passes (checkLabelData, which answers a spreadsheet's rows as the line keeps them).
 */
async function lineOf(
  owner: CartOwner,
  configuration: LabelConfiguration,
): Promise<Pick<CartItemRecord, 'productConfig' | 'files'>> {
  await assertFilesAreOwned(owner, configuration.files);
  const { rows } = await checkLabelData(owner, configuration);
  const { material, width, height, color, mounting, customText, files } = configuration;
  return {
    productConfig: {
      material,
      width,
      height,
      color,
      mounting,
      customText,
      ...variableDataOf(configuration),
      rows,
    },
    files: files.map(({ hashedName, originalName }) => ({ hashedName, originalName })),
  };
}

/**
 * What addToCart checks of labels before it writes anything (their files are the owner's, their
 * series, spreadsheets and codes are good, and none repeats a label of the cart or of one before it):
 * for a caller adding several labels, all or none (reorder).
 */
export async function checkNewLines(
  owner: CartOwner,
  configurations: readonly LabelConfiguration[],
): Promise<void> {
  const lines = [];
  for (const configuration of configurations) {
    const line = await lineOf(owner, configuration);
    lines.push({ ...line, quantity: configuration.quantity });
  }
  const { items } = await findCart(owner);
  const together = [...items, ...lines];
  for (let index = items.length; index < together.length; index++) {
    assertNoRepeat(together, index, 'adding');
  }
}

/**
 * POST /api/cart: the label, priced here. A label identical to a line already in the cart (same
 * options, text and files) adds to that line's quantity, priced at the break the new quantity
 * reaches; anything else is a new line. `asNewLine` keeps an order's lines apart ("Order again").
 */
export async function addToCart(
  owner: CartOwner,
  configuration: LabelConfiguration,
  { asNewLine = false }: { asNewLine?: boolean } = {},
): Promise<CartChangeResponse> {
  const line = await lineOf(owner, configuration);
  const { quantity } = configuration;
  const priced = priceLabel({ ...line.productConfig, quantity });
  const added = newItem({
    ...line,
    quantity,
    unitPriceCents: priced.unitCents,
    totalPriceCents: priced.subtotalCents,
  });
  // Usually a new line on a cart without a code: one write (the repository's pushNewLine says when).
  // A series or rows line is pushed so only into a cart without its label, the only kind it could
  // repeat (assertNoRepeat).
  const pushed = await pushNewLine(owner, added, {
    asNewLine: asNewLine && !isVariableLine(added.productConfig),
  });
  if (pushed) {
    const lines = pushed.items.map(toCartLine);
    return { ...cartResponse(lines, { discount: null }, {}), item: toCartItem(toCartLine(added)) };
  }
  return changeCart(async () => {
    const cart = await findCart(owner);
    const same = asNewLine
      ? -1
      : cart.items.findIndex((item) => isSameLabel(labelOfLine(item), configuration));
    if (same >= 0) {
      const current = cart.items[same]!;
      const merged = current.quantity + quantity;
      if (merged > MAX_LINE_QUANTITY) {
        const message = `Your cart already has ${formatCount(current.quantity)} of this label. ${LINE_QUANTITY_LIMIT_MESSAGE}`;
        throw AppError.invalidField('quantity', message);
      }
      return saveChangedLine(owner, cart, same, atQuantity(current, merged));
    }
    if (cart.items.length >= MAX_CART_LINES) throw AppError.conflict(CART_FULL_MESSAGE);
    const saved = [...cart.items, added];
    assertNoRepeat(saved, cart.items.length, 'adding');
    // The first label of an empty cart starts it: the start is written with the line.
    const started =
      cart.items.length === 0 ? { id: added._id.toString(), at: added.createdAt } : undefined;
    const answer = await saveChange(owner, cart, saved, started);
    return answer && { ...answer, item: toCartItem(toCartLine(added)) };
  });
}

/** The owner's lines and the one asked for; another owner's line is a 404, as is one that is gone. */
async function cartWith(owner: CartOwner, id: string) {
  const cart = await findCart(owner);
  const index = cart.items.findIndex((candidate) => candidate._id.toString() === id);
  if (index < 0) throw AppError.notFound('Cart item not found');
  return { cart, index };
}

const SHEET_QUANTITY_MESSAGE =
  'A spreadsheet line has one label per row: change the file and upload it again to change the count';

/**
 * A new quantity for a line of asset tags: a series grows or shrinks from its first number (its code
 * checked for the new numbers); a spreadsheet's count is its rows.
 */
async function assertQuantityFitsLine(line: CartItemRecord, quantity: number): Promise<void> {
  const config = line.productConfig;
  if (config.rows) {
    if (quantity === line.quantity) return;
    throw AppError.invalidField('quantity', SHEET_QUANTITY_MESSAGE);
  }
  if (config.series) {
    const range = seriesRangeProblem(config.series, quantity);
    if (range) throw AppError.invalidField('quantity', range);
  }
  if (config.code && quantity > line.quantity) {
    assertCodesScan({ ...config, ...variableDataOf(config), quantity, files: line.files });
  }
}

/** PUT /api/cart/{id}: a new quantity, repriced with its quantity break. */
export async function changeQuantity(
  owner: CartOwner,
  id: string,
  quantity: number,
): Promise<CartChangeResponse> {
  return changeCart(async () => {
    const { cart, index } = await cartWith(owner, id);
    const current = cart.items[index]!;
    await assertQuantityFitsLine(current, quantity);
    return saveChangedLine(owner, cart, index, atQuantity(current, quantity));
  });
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
  const line = await lineOf(owner, configuration);
  return changeCart(async () => {
    const { cart, index } = await cartWith(owner, id);
    const changed = atQuantity({ ...cart.items[index]!, ...line }, configuration.quantity);
    return saveChangedLine(owner, cart, index, changed);
  });
}

/** DELETE /api/cart/{id}. */
export async function removeFromCart(owner: CartOwner, id: string): Promise<CartDeleteResponse> {
  return changeCart(async () => {
    const { cart, index } = await cartWith(owner, id);
    const saved = cart.items.filter((_, position) => position !== index);
    const answer = await saveChange(owner, cart, saved);
    return answer && { ...answer, id };
  });
}

function toSessionResponse(applied: CartDiscountRecord | null): CartSessionResponse {
  return {
    discountCode: applied?.discountCode ?? null,
    discountAmount: applied?.discountCode ? toDollars(applied.discountAmountCents) : null,
    discountData: applied?.discountCode ? applied.discountData : null,
  };
}

/**
 * GET /api/cart/session: the applied discount with its amount on the cart as it is now; a code that no
 * longer applies reads as none (a read writes nothing).
 */
export async function readCartSession(owner: CartOwner): Promise<CartSessionResponse> {
  const cart = await findCart(owner);
  const { discount } = await checkCartDiscount(cart.discount, sumOf(cart.items.map(toCartLine)));
  if (!cart.discount || !discount) return toSessionResponse(null);
  return toSessionResponse({ ...cart.discount, discountAmountCents: discount.amountCents });
}

/**
 * Takes this code off the owner's cart: one no longer usable, left out of an order placed. Only if
 * the cart still holds it: a code applied in another tab since it was read stays.
 */
export async function clearCartCode(owner: CartOwner, code: string): Promise<void> {
  await clearDiscount(owner, code);
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
    await clearDiscount(owner);
    return toSessionResponse(null);
  }
  // The cart is read only for a code that exists and is usable.
  const evaluation = asAnswerToATypedCode(
    await evaluateDiscount(update.discountCode, async () => sumOf(await listCartLines(owner))),
  );
  if (!evaluation.valid) {
    throw AppError.invalidField('discountCode', evaluation.message);
  }
  const applied: CartDiscountRecord = {
    discountCode: evaluation.code,
    discountAmountCents: evaluation.discountCents,
    discountData: {
      code: evaluation.code,
      description: evaluation.description,
      type: evaluation.type,
      value: evaluation.value,
    },
  };
  await saveDiscount(owner, applied);
  return toSessionResponse(applied);
}

/**
 * POST /api/discount-codes/apply: whether a code works on the caller's cart and what it takes off.
 * Nothing is saved: the cart keeps an applied code (POST /api/cart/session) and a use is only
 * taken at payment. The server's own cart decides; the subtotal sent is only used while it is empty.
 */
export async function applyDiscountCode(
  owner: CartOwner,
  { code, subtotal }: { code: string; subtotal: number },
): Promise<ApplyDiscountResponse> {
  const now = new Date();
  const lines = await listCartLines(owner);
  const subtotalCents = lines.length === 0 ? toCents(subtotal) : sumOf(lines);
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
