// Discount rules (docs/design.md section 4): a percentage or a fixed amount off the subtotal, never more than
// the subtotal; a code must exist, be active, unexpired, not used up, and the subtotal must reach its
// minimum. Uses are reserved atomically at payment and released if the payment fails.
import {
  DISCOUNT_CODE_TAKEN_MESSAGE,
  discountRejectionMessage,
  expiryInstant,
  lastDayOf,
  formatDollars,
  toCents,
  toDollars,
  type Cents,
  type DiscountCode,
  type DiscountCodeCreateInput,
  type DiscountCodeUpdateInput,
  type DiscountRejection,
  type DiscountType,
} from '@shop/contracts';
import { AppError } from '../../platform/errors';
import {
  deleteDiscount,
  findDiscountByCode,
  findDiscountById,
  giveBackDiscountUse,
  insertDiscount,
  listDiscounts,
  takeDiscountUse,
  updateDiscount,
  type DiscountCodeChanges,
} from './repository';
import type { Types } from 'mongoose';
import type { DiscountCodeRecord } from './model';
import { isDuplicateKeyError } from '../../platform/db';

/** Codes are case-insensitive for shoppers and stored upper-case. */
function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** What a code's value means to the shop's answers: percent, or dollars off. */
function discountValue(discount: DiscountCodeRecord): number {
  return discount.type === 'percentage'
    ? (discount.percentOff ?? 0)
    : toDollars(discount.amountOffCents ?? 0);
}

/** The admin's description, or one made from the value ("10% off", "$5.00 off"). */
function describeDiscount(discount: DiscountCodeRecord): string {
  if (discount.description.trim()) return discount.description;
  const value = discountValue(discount);
  return discount.type === 'percentage' ? `${value}% off` : `${formatDollars(value)} off`;
}

/** The amount off a subtotal: a percentage rounded to the cent, and never more than the subtotal. */
function discountCentsFor(discount: DiscountCodeRecord, subtotalCents: Cents): Cents {
  const off =
    discount.type === 'percentage'
      ? percentOfCents(subtotalCents, discount.percentOff ?? 0)
      : (discount.amountOffCents ?? 0);
  return Math.max(0, Math.min(off, subtotalCents));
}

/**
 * percent of cents, rounded to the cent half up (api/README.md, "Shopping"). The percent is
 * taken in hundredths (the admin form allows two decimals), so the rounding is integer arithmetic,
 * as tax.ts does for tax: in floating point 1500 x 33.3 / 100 is 499.49999..., and a true half
 * cent rounded down.
 */
function percentOfCents(cents: Cents, percent: number): Cents {
  const hundredthsOfAPercent = Math.round(percent * 100);
  return Math.floor((cents * hundredthsOfAPercent + 5_000) / 10_000);
}

/** Why the code cannot be used on any cart (missing, switched off, ended or used up), or null. */
function unusableReason(discount: DiscountCodeRecord | null, now: Date): DiscountRejection | null {
  if (!discount) return 'not_found';
  if (!discount.isActive) return 'inactive';
  // expiresAt is the first instant the code no longer works.
  if (discount.expiresAt && now.getTime() >= discount.expiresAt.getTime()) return 'expired';
  if (discount.usageLimit !== null && discount.timesUsed >= discount.usageLimit) return 'used_up';
  return null;
}

type DiscountEvaluation =
  | {
      valid: true;
      code: string;
      /** The code's document: an order keeps it, so its payment takes the use from this code. */
      codeId: Types.ObjectId;
      description: string;
      discountCents: Cents;
      type: DiscountType;
      /** Percent, or dollars off. */
      value: number;
    }
  | { valid: false; reason: DiscountRejection; message: string };

/**
 * The refusal as told to someone typing a code: a switched-off code answers exactly as an unknown one,
 * so guessing cannot find codes that exist (expired and used-up codes are told apart: their shoppers
 * need the reason, and they no longer give anything). A code already applied keeps its own reason.
 */
export function asAnswerToATypedCode(evaluation: DiscountEvaluation): DiscountEvaluation {
  if (evaluation.valid || evaluation.reason !== 'inactive') return evaluation;
  return { valid: false, reason: 'not_found', message: discountRejectionMessage('not_found') };
}

/**
 * Whether the code works on the subtotal, and what it takes off. `subtotal` may be a read of it: it
 * is made only for a code that exists and is usable, so a mistyped or guessed code costs one read.
 */
export async function evaluateDiscount(
  code: string,
  subtotal: Cents | (() => Promise<Cents>),
  now: Date = new Date(),
): Promise<DiscountEvaluation> {
  const discount = await findDiscountByCode(normalizeCode(code));
  const unusable = unusableReason(discount, now);
  if (unusable || !discount) {
    const rejection = unusable ?? 'not_found';
    return { valid: false, reason: rejection, message: discountRejectionMessage(rejection) };
  }
  const subtotalCents = typeof subtotal === 'function' ? await subtotal() : subtotal;
  if (subtotalCents < discount.minimumOrderCents) {
    return {
      valid: false,
      reason: 'below_minimum',
      message: discountRejectionMessage('below_minimum', toDollars(discount.minimumOrderCents)),
    };
  }
  return {
    valid: true,
    code: discount.code,
    codeId: discount._id,
    description: describeDiscount(discount),
    discountCents: discountCentsFor(discount, subtotalCents),
    type: discount.type,
    value: discountValue(discount),
  };
}

/**
 * Takes one use of the code just before the card is charged. Atomic: under any number of concurrent
 * checkouts (and API replicas) a limit of n gives exactly n true answers. Null when the code is used
 * up, inactive, expired at `now`, or gone. `codeId`: the code the order was placed with (a code
 * deleted since is gone, and one made later under its name is another code, whose use this is not);
 * an order placed before orders kept it is looked up by name.
 */
export async function reserveDiscountUse(
  code: string,
  codeId: Types.ObjectId | null = null,
  now: Date = new Date(),
): Promise<Types.ObjectId | null> {
  const discount = codeId
    ? await findDiscountById(codeId.toString())
    : await findDiscountByCode(normalizeCode(code));
  if (!discount || unusableReason(discount, now)) return null;
  return (await takeDiscountUse(discount)) ? discount._id : null;
}

/**
 * Gives back one reserved use (the charge failed) to the code it was taken from (`codeId`; a code
 * deleted since takes nothing back, and one made later under its name is another code). A use held
 * before the id was kept is given back by name. Call it once per reservation: the caller keeps track.
 */
export async function releaseDiscountUse(
  code: string,
  codeId: Types.ObjectId | null | undefined,
): Promise<void> {
  if (codeId) {
    await giveBackDiscountUse(codeId);
    return;
  }
  const discount = await findDiscountByCode(normalizeCode(code));
  if (discount) await giveBackDiscountUse(discount._id);
}

// --- Admin --------------------------------------------------------------------------------------

function toDiscountCode(discount: DiscountCodeRecord, timeZone: string): DiscountCode {
  return {
    id: discount._id.toString(),
    code: discount.code,
    type: discount.type,
    value: discountValue(discount),
    minimumOrder: toDollars(discount.minimumOrderCents),
    usageLimit: discount.usageLimit,
    timesUsed: discount.timesUsed,
    expiresAt: discount.expiresAt ? discount.expiresAt.toISOString() : null,
    expiresOn: discount.expiresAt ? lastDayOf(discount.expiresAt, timeZone) : null,
    isActive: discount.isActive,
    description: discount.description,
    createdAt: discount.createdAt.toISOString(),
    updatedAt: discount.updatedAt.toISOString(),
  };
}

/** type and value become the stored percentOff / amountOffCents pair. */
function valueFields(type: DiscountType, value: number) {
  return type === 'percentage'
    ? { percentOff: value, amountOffCents: null }
    : { percentOff: null, amountOffCents: toCents(value) };
}

async function assertCodeIsFree(code: string, exceptId?: string): Promise<void> {
  const existing = await findDiscountByCode(code);
  if (existing && existing._id.toString() !== exceptId) {
    throw AppError.conflict(DISCOUNT_CODE_TAKEN_MESSAGE);
  }
}

/** A duplicate that slipped past the check (two admins at once) is still the same conflict. */
function asConflictIfDuplicate(error: unknown): never {
  if (isDuplicateKeyError(error)) {
    throw AppError.conflict(DISCOUNT_CODE_TAKEN_MESSAGE);
  }
  throw error;
}

export async function listDiscountCodes(timeZone: string): Promise<DiscountCode[]> {
  return (await listDiscounts()).map((discount) => toDiscountCode(discount, timeZone));
}

export async function createDiscountCode(
  input: DiscountCodeCreateInput,
  timeZone: string,
): Promise<DiscountCode> {
  await assertCodeIsFree(input.code);
  const created = await insertDiscount({
    code: input.code,
    type: input.type,
    ...valueFields(input.type, input.value),
    minimumOrderCents: toCents(input.minimumOrder ?? 0),
    usageLimit: input.usageLimit ?? null,
    expiresAt: input.expiresAt ? expiryInstant(input.expiresAt, timeZone) : null,
    isActive: input.isActive ?? true,
    description: input.description ?? '',
  }).catch(asConflictIfDuplicate);
  return toDiscountCode(created, timeZone);
}

export const USED_CODE_RENAME_MESSAGE =
  'A code that has been used keeps its name, which its orders carry: create a new code instead, and switch this one off if it should stop working.';

export async function updateDiscountCode(
  id: string,
  input: DiscountCodeUpdateInput,
  timeZone: string,
): Promise<DiscountCode> {
  const current = await findDiscountById(id);
  if (!current) throw AppError.notFound('Discount code not found');
  if (input.code !== undefined && input.code !== current.code) {
    // Orders name the code they used, and a use held by an unpaid order is given back by that name:
    // a used code keeps it (a new name is a new code).
    if (current.timesUsed > 0) throw AppError.conflict(USED_CODE_RENAME_MESSAGE);
    await assertCodeIsFree(input.code, id);
  }

  const changes: DiscountCodeChanges = {};
  if (input.code !== undefined) changes.code = input.code;
  if (input.type !== undefined || input.value !== undefined) {
    const type = input.type ?? current.type;
    Object.assign(changes, { type }, valueFields(type, input.value ?? discountValue(current)));
  }
  if (input.minimumOrder !== undefined) changes.minimumOrderCents = toCents(input.minimumOrder);
  if (input.usageLimit !== undefined) changes.usageLimit = input.usageLimit;
  if (input.expiresAt !== undefined) {
    changes.expiresAt = input.expiresAt ? expiryInstant(input.expiresAt, timeZone) : null;
  }
  if (input.isActive !== undefined) changes.isActive = input.isActive;
  if (input.description !== undefined) changes.description = input.description ?? '';

  const updated = await updateDiscount(id, changes).catch(asConflictIfDuplicate);
  if (!updated) throw AppError.notFound('Discount code not found');
  return toDiscountCode(updated, timeZone);
}

export async function deleteDiscountCode(id: string): Promise<void> {
  if (!(await deleteDiscount(id))) throw AppError.notFound('Discount code not found');
}
