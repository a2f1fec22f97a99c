// The admin order search's keyed lists (api/README.md, "Cost that does not grow"; docs/design.md
// section 3, "keyed lists"): numbered lists of order ids, read newest first by position, so a search
// by status, by dates or by part of a name or an email reads a bounded number of documents by _id
// whatever the number of orders.
//
// One collection holds every list: position k of list L is `order_list_entries {_id: "L:k", orderId}`,
// k taken by an insert under its unique _id (platform/sequence.ts, as the paid list does). The lists:
// - `status:{status}`: the orders in the order they entered that status (an order enters each status
//   at most once: its move's event has the unique _id `{orderId}:{status}`). `order_list_keys
//   {_id: "status:{status}|{orderId}", k}` makes adding twice a no-op and tells which position counts
//   when a process stopped between the two inserts left the order listed twice;
// - `day:{YYYY-MM-DD}`: the orders placed that UTC day, in the order they were placed;
// - `word:{prefix}`: the orders whose first name, last name or email has a word starting with the
//   prefix (lower-cased, 2 to WORD_PREFIX_CAP characters; contracts' orderSearchWords).
// Entries are never removed: an order that moved on is skipped after the lookup of the order.
import { Types } from 'mongoose';
import { findEachByKey, insertedKeyUnlessTaken, keyExists } from '../../platform/db';
import { ORDER_SEARCH_WORD_MIN, orderSearchWords, type OrderStatus } from '@shop/contracts';
import {
  CounterModel,
  highestTaken,
  insertedManyUnlessTaken,
  placesDown,
  takeNextOfEach,
} from '../../platform/sequence';
import {
  OrderListEntryModel,
  OrderListKeyModel,
  type PaidOrderKeyRecord,
  type PaidOrderRecord,
} from './model';

/** The counter holding the first UTC day (days since 1970) an order was placed on. */
export const FIRST_ORDER_DAY_COUNTER = 'orderListFirstDay';
/** A search word's list is keyed by at most this many of its first characters. */
export const WORD_PREFIX_CAP = 12;
const DAY_MS = 24 * 60 * 60 * 1000;

export const statusList = (status: OrderStatus) => `status:${status}`;
export const dayList = (day: string) => `day:${day}`;
export const wordList = (prefix: string) => `word:${prefix}`;
const listCounter = (list: string) => `list:${list}`;
const entryId = (list: string, k: number) => `${list}:${k}`;
const statusKey = (list: string, orderId: Types.ObjectId) => `${list}|${orderId.toString()}`;

/** A UTC day as YYYY-MM-DD and as days since 1970. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
export function dayNumber(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS);
}
export function dayOfNumber(n: number): string {
  return utcDay(new Date(n * DAY_MS));
}

/** The prefixes of the words that have a list (each once). */
export function wordPrefixes(words: string[]): string[] {
  const prefixes = new Set<string>();
  for (const word of words) {
    for (let n = ORDER_SEARCH_WORD_MIN; n <= Math.min(word.length, WORD_PREFIX_CAP); n++)
      prefixes.add(word.slice(0, n));
  }
  return [...prefixes];
}

/** The words of an order's name and email, as the search matches them. */
export function orderWords(info: { firstName?: string; lastName?: string; email?: string }) {
  return orderSearchWords([info.firstName ?? '', info.lastName ?? '', info.email ?? ''].join(' '));
}

/**
 * Appends orderId to each list; their positions. Every list's entry goes in with one insert call
 * (a lost place is tried again one further on, with the others that lost), so an order's twenty or
 * thirty lists cost about one write, not three each (platform/sequence.ts).
 */
async function appendToEach(
  lists: string[],
  orderId: Types.ObjectId,
  /** Called with the first list's first candidate, beside the first insert. */
  firstCandidate: (k: number) => void = () => {},
): Promise<number[]> {
  let first = true;
  return takeNextOfEach(
    lists.map((list) => ({ counter: listCounter(list), first: 1 })),
    (candidates) => {
      const inserted = insertedManyUnlessTaken(
        OrderListEntryModel.collection,
        candidates.map(({ index, n }) => entryDoc(lists[index]!, n, orderId)),
      );
      const candidate = candidates.find(({ index }) => index === 0);
      if (first && candidate) firstCandidate(candidate.n);
      first = false;
      return inserted;
    },
    { blocks: true },
  );
}

/**
 * Lists a new order: on its status's list (pending payment), its day's list and the lists of its
 * name's and email's word prefixes.
 */
export async function listNewOrder(order: {
  _id: Types.ObjectId;
  status: OrderStatus;
  createdAt: Date;
  customerInfo: { firstName?: string; lastName?: string; email?: string };
}): Promise<void> {
  const status = statusList(order.status);
  const lists = [
    status,
    dayList(utcDay(order.createdAt)),
    ...wordPrefixes(orderWords(order.customerInfo)).map(wordList),
  ];
  // The status key goes in beside the entries, naming the status list's first candidate; if that
  // place was lost to another order, the key is moved to the place taken (a process stopped in
  // between leaves the order off its pending-payment list, never on it twice).
  let keyed: { k: number; wentIn: Promise<boolean> } | null = null;
  const [k] = await Promise.all([
    appendToEach(lists, order._id, (candidate) => {
      const wentIn = insertedKeyUnlessTaken(
        OrderListKeyModel,
        statusKeyDoc(status, order._id, candidate),
      );
      wentIn.catch(() => {}); // awaited below once the entries are in (their failure is thrown first)
      keyed = { k: candidate, wentIn };
    }),
    noteFirstDay(dayNumber(order.createdAt)),
  ]);
  const { k: keyedAt, wentIn } = keyed!;
  // Not in: the order was listed already (another process wrote it under this id); that key counts.
  if ((await wentIn) && k[0] !== keyedAt)
    await OrderListKeyModel.updateOne({ _id: statusKey(status, order._id) }, { $set: { k: k[0] } });
}

/** Whether this process has seen the first-day counter written (once written, it stays). */
let firstDayNoted = false;

/** Sets the first day once (the first order's; the backfill lowers it for older orders). */
async function noteFirstDay(day: number): Promise<void> {
  if (firstDayNoted) return;
  if (await CounterModel.exists({ _id: FIRST_ORDER_DAY_COUNTER })) {
    firstDayNoted = true;
    return;
  }
  await CounterModel.updateOne(
    { _id: FIRST_ORDER_DAY_COUNTER },
    { $min: { value: day } },
    { upsert: true },
  ).catch(() => {
    // A concurrent first upsert: the other order's day (the same day) is in.
  });
}

/** Puts the order on its status's list once (adding it again is a no-op). */
export async function listOrderStatus(orderId: Types.ObjectId, status: OrderStatus): Promise<void> {
  const list = statusList(status);
  if (await keyExists(OrderListKeyModel, statusKey(list, orderId))) return;
  const [k] = await appendToEach([list], orderId);
  await insertedKeyUnlessTaken(OrderListKeyModel, statusKeyDoc(list, orderId, k!));
}

/** The highest position taken on a list (0 when it is empty), by lookups from its counter on. */
export async function listTop(list: string): Promise<number> {
  return highestTaken(listCounter(list), 1, async (k) =>
    Boolean(await OrderListEntryModel.exists({ _id: entryId(list, k) })),
  );
}

/** The first UTC day an order was placed on (days since 1970), null before any order. */
export async function firstOrderDay(): Promise<number | null> {
  const counter = await CounterModel.findById(FIRST_ORDER_DAY_COUNTER).lean();
  return counter ? counter.value : null;
}

/**
 * The entries at positions from, from - 1, ... (count of them, never below 1), highest first; a
 * status list's entry counts only at the position its key names (a repeat left by a stopped process
 * is skipped).
 */
export async function readEntries(
  list: string,
  from: number,
  count: number,
): Promise<Array<Types.ObjectId | null>> {
  const positions = placesDown(from, count);
  const entries = await findEachByKey<PaidOrderRecord>(
    OrderListEntryModel,
    positions.map((k) => entryId(list, k)),
  );
  if (!list.startsWith('status:')) return entries.map((entry) => entry?.orderId ?? null);
  const keys = await findEachByKey<PaidOrderKeyRecord>(
    OrderListKeyModel,
    entries.map((entry) => (entry ? statusKey(list, entry.orderId) : null)),
  );
  return entries.map((entry, index) =>
    entry && keys[index]?.k === positions[index] ? entry.orderId : null,
  );
}

/** Position k of a list, as stored (append's insert; the backfill writes them in batches). */
export function entryDoc(list: string, k: number, orderId: Types.ObjectId) {
  return { _id: entryId(list, k), orderId };
}
/** The order's place k on a status's list, as stored. */
export function statusKeyDoc(list: string, orderId: Types.ObjectId, k: number) {
  return { _id: statusKey(list, orderId), k };
}
export { listCounter };
