// The admin's order search, read from keyed lists (search-lists.ts; api/README.md, "Cost that does not
// grow"): one list is walked newest first, each order found by _id and the other filters checked on
// it. A call reads at most MAX_PLACES list places, then answers what it found with the place to go on
// from, so its cost is the same in a shop of a thousand orders or of a million.
import type { Types } from 'mongoose';
import { ORDER_SEARCH_TOO_SHORT, readOrderSearch, type OrderStatus } from '@shop/contracts';
import { findEachByKey, keyExists } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { highestTaken, placesDown } from '../../platform/sequence';
import { orderIdsOfNumbers, paidOrderCount } from './counter';
import {
  OrderEmailKeyModel,
  OrderModel,
  PaidOrderKeyModel,
  PaidOrderModel,
  type CustomerOrderRecord,
  type OrderRecord,
  type PaidOrderKeyRecord,
  type PaidOrderRecord,
} from './model';
import { numberedListCounter } from './repository';
import {
  dayList,
  dayNumber,
  dayOfNumber,
  firstOrderDay,
  listTop,
  orderWords,
  readEntries,
  statusList,
  WORD_PREFIX_CAP,
  wordList,
} from './search-lists';

/** The most list places one call reads (each a lookup by _id, plus the order's when it is one). */
export const MAX_PLACES = 400;

export interface OrderSearch {
  pageSize: number;
  /** Without one: the paid orders (an unpaid checkout only under its own filter). */
  status?: OrderStatus;
  /** An order number, a whole email, or beginnings of words of a name or an email. */
  q?: string;
  createdFrom?: Date;
  createdBefore?: Date;
  /** The place to go on from (the previous page's `next`). */
  before?: string;
}

export interface OrderSearchPage {
  orders: OrderRecord[];
  /** Where the next page starts, null when the list is read to its end. */
  next: string | null;
}

/** One numbered list: its highest place and its entries from a place down. */
interface List {
  top(): Promise<number>;
  read(from: number, count: number): Promise<Array<Types.ObjectId | null>>;
}

function badPlace(): AppError {
  const message = 'before must be the nextBefore of the previous page';
  return AppError.invalid(message, [{ path: 'before', message }]);
}

function keyedList(name: string): List {
  return { top: () => listTop(name), read: (from, count) => readEntries(name, from, count) };
}

/** The paid list (model.ts, PaidOrderModel); an entry counts at the place its key names. */
const paidList: List = {
  top: paidOrderCount,
  async read(from, count) {
    const places = placesDown(from, count);
    const entries = await findEachByKey<PaidOrderRecord>(PaidOrderModel, places.map(String));
    const keys = await findEachByKey<PaidOrderKeyRecord>(
      PaidOrderKeyModel,
      entries.map((entry) => entry?.orderId.toString() ?? null),
    );
    return entries.map((entry, index) =>
      entry && keys[index]?.k === places[index] ? entry.orderId : null,
    );
  },
};

/** The orders placed with a whole email (model.ts, OrderEmailKeyModel), k = 1, 2, ... */
function emailList(email: string): List {
  const keyAt = (k: number) => `${email}:${k}`;
  return {
    top: () =>
      highestTaken(numberedListCounter(OrderEmailKeyModel, email), 1, (k) =>
        keyExists(OrderEmailKeyModel, keyAt(k)),
      ),
    async read(from, count) {
      const entries = await findEachByKey<CustomerOrderRecord>(
        OrderEmailKeyModel,
        placesDown(from, count).map(keyAt),
      );
      return entries.map((entry) => entry?.orderId ?? null);
    },
  };
}

function matchesFilters(order: OrderRecord, search: OrderSearch, words: string[]): boolean {
  const { status, createdFrom, createdBefore } = search;
  if (status ? order.status !== status : order.paymentStatus !== 'paid') return false;
  if (createdFrom && order.createdAt < createdFrom) return false;
  if (createdBefore && order.createdAt >= createdBefore) return false;
  if (words.length) {
    const own = orderWords(order.customerInfo);
    if (!words.every((word) => own.some((mine) => mine.startsWith(word)))) return false;
  }
  return true;
}

/**
 * Reads a walk of lists, from list `first` down to `last` (the days of a date range; one list
 * otherwise), newest place first, until the page is full or MAX_PLACES places were read.
 */
async function walk(
  listAt: (index: number) => List,
  start: { index: number; place: number | null },
  last: number,
  accept: (order: OrderRecord) => boolean,
  pageSize: number,
): Promise<{ orders: OrderRecord[]; index: number; place: number | null }> {
  let { index, place } = start;
  const orders: OrderRecord[] = [];
  const seen = new Set<string>();
  let read = 0;
  while (index >= last && orders.length < pageSize && read < MAX_PLACES) {
    const list = listAt(index);
    if (place === null) {
      place = await list.top();
      read += 1;
    }
    if (place < 1) {
      index -= 1;
      place = null;
      continue;
    }
    const count = Math.min(pageSize - orders.length, MAX_PLACES - read, place);
    const ids = await list.read(place, count);
    read += count;
    place -= count;
    const found = await findEachByKey<OrderRecord>(OrderModel, ids);
    for (const order of found) {
      if (!order || seen.has(order._id.toString()) || !accept(order)) continue;
      seen.add(order._id.toString());
      orders.push(order);
    }
    if (place < 1) {
      index -= 1;
      place = null;
    }
  }
  return { orders, index, place };
}

/** A place of a one-list walk: the position to read next. */
function parseListPlace(before: string | undefined): number | null {
  if (before === undefined) return null;
  if (!/^\d{1,12}$/.test(before)) throw badPlace();
  const place = Number(before);
  if (place < 1) throw badPlace();
  return place;
}

/** The days of a date range (UTC days, days since 1970), newest first; null when no order is in. */
async function dayRange(search: OrderSearch): Promise<{ top: number; bottom: number } | null> {
  const first = await firstOrderDay();
  if (first === null) return null;
  // An order's UTC day is never after tomorrow's (clocks of replicas may differ by a little).
  const latest = dayNumber(new Date()) + 1;
  const top = Math.min(
    latest,
    search.createdBefore ? dayNumber(new Date(search.createdBefore.getTime() - 1)) : latest,
  );
  const bottom = Math.max(first, search.createdFrom ? dayNumber(search.createdFrom) : first);
  return top >= bottom ? { top, bottom } : null;
}

export async function searchOrders(search: OrderSearch): Promise<OrderSearchPage> {
  const text = search.q?.trim() ? readOrderSearch(search.q) : null;
  if (text?.kind === 'too short')
    throw AppError.invalid(ORDER_SEARCH_TOO_SHORT, [
      { path: 'q', message: ORDER_SEARCH_TOO_SHORT },
    ]);
  if (text?.kind === 'number') {
    // One order at most: no next page.
    if (search.before !== undefined) return { orders: [], next: null };
    const [id] = await orderIdsOfNumbers([text.number]);
    const order = id ? await OrderModel.findById(id).lean<OrderRecord>() : null;
    return { orders: order && matchesFilters(order, search, []) ? [order] : [], next: null };
  }
  const email = text?.kind === 'email' ? text.email : null;
  const words = text?.kind === 'words' ? text.words : [];
  const accept = (order: OrderRecord) => matchesFilters(order, search, words);

  if (!email && !words.length && (search.createdFrom || search.createdBefore)) {
    // A date range: the days' lists, newest day first; the place is `{day}` or `{day}:{position}`.
    const range = await dayRange(search);
    if (!range) {
      if (search.before !== undefined) parseDayPlace(search.before);
      return { orders: [], next: null };
    }
    let start = { index: range.top, place: null as number | null };
    if (search.before !== undefined) {
      const place = parseDayPlace(search.before);
      start = { index: Math.min(place.day, range.top), place: place.position };
      if (place.day > range.top) start.place = null;
    }
    const { orders, index, place } = await walk(
      (day) => keyedList(dayList(dayOfNumber(day))),
      start,
      range.bottom,
      accept,
      search.pageSize,
    );
    const next =
      index < range.bottom
        ? null
        : place === null
          ? dayOfNumber(index)
          : `${dayOfNumber(index)}:${place}`;
    return { orders, next };
  }

  let list: List;
  if (email) list = emailList(email);
  else if (words.length) {
    // The longest word's list is the shortest to read; the other words are checked on each order.
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    list = keyedList(wordList(longest.slice(0, WORD_PREFIX_CAP)));
  } else if (search.status) list = keyedList(statusList(search.status));
  else list = paidList;
  const { orders, index, place } = await walk(
    () => list,
    { index: 0, place: parseListPlace(search.before) },
    0,
    accept,
    search.pageSize,
  );
  return { orders, next: index === 0 && place !== null ? String(place) : null };
}

function parseDayPlace(before: string): { day: number; position: number | null } {
  const match = /^(\d{4}-\d{2}-\d{2})(?::(\d{1,12}))?$/.exec(before);
  const day = match?.[1] ? Date.parse(`${match[1]}T00:00:00Z`) : NaN;
  if (!match || Number.isNaN(day) || dayOfNumber(day / 86_400_000) !== match[1]) throw badPlace();
  const position = match[2] === undefined ? null : Number(match[2]);
  if (position !== null && position < 1) throw badPlace();
  return { day: day / 86_400_000, position };
}
