// Data access for discount codes and their uses; plain objects out. Every call a shopper's request
// makes is a lookup or an insert by _id (FerretDB v1 reads a whole collection for any other filter):
// a code is found through its key document (_id = the code), and its uses are numbered documents
// (`{id}:t:{n}` taken, `{id}:r:{n}` given back), each number taken by an insert under the unique _id,
// atomic on FerretDB v1 and MongoDB alike; never by read-then-write on a counter.
import { Types } from 'mongoose';
import { deleteByKeys, findByKey, findByKeys, isDuplicateKeyError } from '../../platform/db';
import {
  DiscountCodeKeyModel,
  DiscountCodeModel,
  DiscountUseHeadModel,
  DiscountUseModel,
  type DiscountCodeKeyRecord,
  type DiscountCodeRecord,
  type DiscountUseHeadRecord,
} from './model';

/** A code with how many uses it has now. */
export type DiscountWithUses = DiscountCodeRecord & { timesUsed: number };

export type NewDiscountCode = Omit<DiscountCodeRecord, '_id' | 'createdAt' | 'updatedAt'>;
export type DiscountCodeChanges = Partial<NewDiscountCode>;

/** The admin list is small; this only keeps one answer bounded. */
const MAX_LISTED = 1_000;
/** Each lost race means another checkout took or gave back a use; this bounds a pathological pile-up. */
const MAX_RACES = 1_000;

type UseKind = 't' | 'r';
const useId = (discountId: Types.ObjectId, kind: UseKind, n: number) =>
  `${discountId.toString()}:${kind}:${n}`;

async function head(discountId: Types.ObjectId): Promise<DiscountUseHeadRecord | null> {
  return findByKey<DiscountUseHeadRecord>(DiscountUseHeadModel, discountId.toString());
}

/** Numbers of each kind looked up at once past the top known (the head's guess lags by the uses taken since it was raised). */
const LOOKAHEAD = 8;

/** The uses taken among the LOOKAHEAD numbers past each `[kind, from]`, in one lookup. */
async function takenAhead(
  discountId: Types.ObjectId,
  from: Array<[UseKind, number]>,
): Promise<Map<string, unknown>> {
  return findByKeys(
    DiscountUseModel,
    from.flatMap(([kind, top]) =>
      Array.from({ length: LOOKAHEAD }, (_, i) => useId(discountId, kind, top + 1 + i)),
    ),
    { projection: { _id: 1 } },
  );
}

/** The top if it is among the LOOKAHEAD numbers past `from` (taken or 0): the one before the first missing. */
function topAmong(
  taken: Map<string, unknown>,
  discountId: Types.ObjectId,
  kind: UseKind,
  from: number,
): number | null {
  for (let i = 0; i < LOOKAHEAD; i++)
    if (!taken.has(useId(discountId, kind, from + 1 + i))) return from + i;
  return null;
}

/**
 * The highest number of that kind in use, from a number known taken (or 0) on: numbers have no
 * gaps, so the first one missing ends it; looked up LOOKAHEAD at a time.
 */
async function topOf(discountId: Types.ObjectId, kind: UseKind, from: number): Promise<number> {
  for (let top = from; ; top += LOOKAHEAD) {
    const found = topAmong(await takenAhead(discountId, [[kind, top]]), discountId, kind, top);
    if (found !== null) return found;
  }
}

/**
 * The highest numbers of each kind this process has seen taken, by discount: a number taken stays
 * taken (uses go only with their code), so the next count looks past them at once, beside the
 * head's guess, in one round trip unless more than LOOKAHEAD uses were taken meanwhile. Bounded.
 */
const seenTops = new Map<string, { taken: number; released: number }>();

/** How many codes' ids and discounts' counts a process remembers (seenTops, idOfCode). */
const MAX_REMEMBERED = 1_000;

/** Sets key in a map of at most MAX_REMEMBERED entries, the oldest going first. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (!map.has(key) && map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value!);
  map.set(key, value);
}

async function usage(discountId: Types.ObjectId): Promise<{ taken: number; released: number }> {
  const id = discountId.toString();
  const seen = seenTops.get(id) ?? { taken: 0, released: 0 };
  const [guess, ahead] = await Promise.all([
    head(discountId),
    takenAhead(discountId, [
      ['t', seen.taken],
      ['r', seen.released],
    ]),
  ]);
  const takenNear = topAmong(ahead, discountId, 't', seen.taken);
  const releasedNear = topAmong(ahead, discountId, 'r', seen.released);
  // Past the numbers looked at, or the head names a later one: read on from the furthest known.
  const onFrom = async (kind: UseKind, near: number | null, seenTop: number, guessed = 0) =>
    near !== null && near >= guessed
      ? near
      : topOf(discountId, kind, Math.max(guessed, near ?? seenTop + LOOKAHEAD));
  const [taken, released] = await Promise.all([
    onFrom('t', takenNear, seen.taken, guess?.taken),
    onFrom('r', releasedNear, seen.released, guess?.released),
  ]);
  remember(seenTops, id, { taken, released });
  return { taken, released };
}

async function countUses(discountId: Types.ObjectId): Promise<number> {
  const { taken, released } = await usage(discountId);
  return taken - released;
}

/** Moves the head's guess on (never back on MongoDB; on FerretDB a lagging guess only costs a lookup). */
async function raiseHead(discountId: Types.ObjectId, kind: UseKind, n: number): Promise<void> {
  const field = kind === 't' ? 'taken' : 'released';
  try {
    await DiscountUseHeadModel.updateOne(
      { _id: discountId.toString() },
      { $max: { [field]: n } },
      { upsert: true },
    ).exec();
  } catch {
    // A concurrent first upsert or a hiccup: the numbered uses hold the truth, the head is a guess.
  }
}

/** Inserts use number n of that kind; false when another call took that number first. */
async function insertUse(discountId: Types.ObjectId, kind: UseKind, n: number): Promise<boolean> {
  try {
    await DiscountUseModel.create({ _id: useId(discountId, kind, n), discountId });
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
  await raiseHead(discountId, kind, n);
  return true;
}

async function withUses(discount: DiscountCodeRecord | null): Promise<DiscountWithUses | null> {
  return discount ? { ...discount, timesUsed: await countUses(discount._id) } : null;
}

/**
 * The discount id each code's key document named when this process last read it, so the next
 * lookup of the code reads the discount itself at once (a round trip less at checkout and payment).
 * Never trusted alone: the discount read must still have that code, else the key is read again (a
 * code renamed, or deleted and made again, has another id or none). Bounded: the oldest goes first.
 */
const idOfCode = new Map<string, Types.ObjectId>();

export async function findDiscountByCode(code: string): Promise<DiscountWithUses | null> {
  const remembered = idOfCode.get(code);
  if (remembered) {
    const discount = await readDiscountOfCode(remembered, code);
    if (discount) return discount;
    idOfCode.delete(code);
  }
  const key = await findByKey<DiscountCodeKeyRecord>(DiscountCodeKeyModel, code);
  if (!key) return null;
  const discount = await readDiscountOfCode(key.discountId, code);
  if (discount) remember(idOfCode, code, key.discountId);
  return discount;
}

/** The discount with this id if it has this code, read beside its uses (read for nothing if not). */
async function readDiscountOfCode(
  id: Types.ObjectId,
  code: string,
): Promise<DiscountWithUses | null> {
  const [discount, timesUsed] = await Promise.all([
    findByKey<DiscountCodeRecord>(DiscountCodeModel, id),
    countUses(id),
  ]);
  return discount?.code === code ? { ...discount, timesUsed } : null;
}

export async function findDiscountById(id: string): Promise<DiscountWithUses | null> {
  return withUses(await DiscountCodeModel.findById(id).lean<DiscountCodeRecord>().exec());
}

/** The admin list: codes are few (an admin makes them), so this reads them all, newest first. */
export async function listDiscounts(): Promise<DiscountWithUses[]> {
  const discounts = await DiscountCodeModel.find()
    .sort({ createdAt: -1, _id: -1 })
    .limit(MAX_LISTED)
    .lean<DiscountCodeRecord[]>()
    .exec();
  return Promise.all(
    discounts.map(async (discount) => ({
      ...discount,
      timesUsed: await countUses(discount._id),
    })),
  );
}

export async function hasDiscounts(): Promise<boolean> {
  return (await DiscountCodeModel.findOne({}, { _id: 1 }).lean().exec()) !== null;
}

/**
 * Takes the code's key for discountId; false when another code holds it. A key whose code is gone (a
 * create that stopped half-way) is taken over.
 */
async function takeKey(code: string, discountId: Types.ObjectId): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await DiscountCodeKeyModel.create({ _id: code, discountId });
      return true;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const held = await DiscountCodeKeyModel.findById(code).lean<DiscountCodeKeyRecord>().exec();
    if (!held) continue;
    const owner = await DiscountCodeModel.findById(held.discountId)
      .lean<DiscountCodeRecord>()
      .exec();
    if (owner?.code === code) return false;
    await DiscountCodeKeyModel.deleteOne({ _id: code }).exec();
  }
  return false;
}

async function dropKey(code: string, discountId: Types.ObjectId): Promise<void> {
  const held = await DiscountCodeKeyModel.findById(code).lean<DiscountCodeKeyRecord>().exec();
  if (held?.discountId.equals(discountId)) await DiscountCodeKeyModel.deleteOne({ _id: code });
}

/** A duplicate-key error, as the unique index would give: the code is taken. */
function codeTaken(): Error {
  return Object.assign(new Error('Discount code taken'), { code: 11000 });
}

export async function insertDiscount(fields: NewDiscountCode): Promise<DiscountWithUses> {
  const _id = new Types.ObjectId();
  if (!(await takeKey(fields.code, _id))) throw codeTaken();
  try {
    const created = await DiscountCodeModel.create({ _id, ...fields });
    return { ...created.toObject<DiscountCodeRecord>(), timesUsed: 0 };
  } catch (error) {
    await dropKey(fields.code, _id);
    throw error;
  }
}

/** For seed data: codes with uses already taken (a used-up code). */
export async function insertDiscounts(
  list: Array<NewDiscountCode & { timesUsed?: number }>,
): Promise<void> {
  for (const { timesUsed = 0, ...fields } of list) {
    const created = await insertDiscount(fields);
    for (let n = 1; n <= timesUsed; n++) await insertUse(created._id, 't', n);
  }
}

export async function updateDiscount(
  id: string,
  changes: DiscountCodeChanges,
): Promise<DiscountWithUses | null> {
  const current = await DiscountCodeModel.findById(id).lean<DiscountCodeRecord>().exec();
  if (!current) return null;
  const renamed = changes.code !== undefined && changes.code !== current.code;
  if (renamed && !(await takeKey(changes.code!, current._id))) throw codeTaken();
  try {
    const updated = await DiscountCodeModel.findByIdAndUpdate(id, { $set: changes }, { new: true })
      .lean<DiscountCodeRecord>()
      .exec();
    if (renamed) await dropKey(updated ? current.code : changes.code!, current._id);
    return withUses(updated);
  } catch (error) {
    if (renamed) await dropKey(changes.code!, current._id);
    throw error;
  }
}

/**
 * Deletes the code's uses by their numbered ids, 1..taken and 1..given back (no gaps), so the cost is
 * this code's uses, not every code's; the head goes last, after the numbers it guessed.
 */
async function deleteUses(discountId: Types.ObjectId): Promise<void> {
  const { taken, released } = await usage(discountId);
  const ids = [
    ...Array.from({ length: taken }, (_, i) => useId(discountId, 't', i + 1)),
    ...Array.from({ length: released }, (_, i) => useId(discountId, 'r', i + 1)),
  ];
  await deleteByKeys(DiscountUseModel, ids);
  await DiscountUseHeadModel.deleteOne({ _id: discountId.toString() }).exec();
}

/** The code, its key and its uses (orders keep their own copy of the code they used). */
export async function deleteDiscount(id: string): Promise<boolean> {
  const current = await DiscountCodeModel.findById(id).lean<DiscountCodeRecord>().exec();
  if (!current) return false;
  const result = await DiscountCodeModel.deleteOne({ _id: id }).exec();
  if (result.deletedCount !== 1) return false;
  await dropKey(current.code, current._id);
  await deleteUses(current._id);
  return true;
}

/**
 * Takes one use of the discount: the next "taken" number, allowed only while taken - given back stays
 * within usageLimit. Atomic: numbers are taken by inserts under the unique _id, and the given-back
 * count read first can only grow meanwhile, so no more than usageLimit uses are ever held at once.
 */
export async function takeDiscountUse(discount: DiscountCodeRecord): Promise<boolean> {
  const id = discount._id;
  let { taken, released } = await usage(id);
  for (let race = 0; race < MAX_RACES; race++) {
    const next = taken + 1;
    if (discount.usageLimit !== null && next - released > discount.usageLimit) return false;
    if (await insertUse(id, 't', next)) return true;
    taken = await topOf(id, 't', next);
    released = await topOf(id, 'r', released);
  }
  return false;
}

/** Gives back one use; false when none is held. Call it once per reservation: the caller keeps track. */
export async function giveBackDiscountUse(discountId: Types.ObjectId): Promise<boolean> {
  let { taken, released } = await usage(discountId);
  for (let race = 0; race < MAX_RACES; race++) {
    if (released >= taken) return false;
    if (await insertUse(discountId, 'r', released + 1)) return true;
    released = await topOf(discountId, 'r', released + 1);
    taken = await topOf(discountId, 't', taken);
  }
  return false;
}
