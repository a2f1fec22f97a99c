// The admin's order list and search: one indexed query per page, newest first, paged by key (the
// last order's createdAt and _id), so a page costs the same in a shop of a thousand orders or of a
// million. Without a status the list is the paid orders (an unpaid checkout only under its status).
import { isValidObjectId, type FilterQuery } from 'mongoose';
import {
  ORDER_SEARCH_TOO_SHORT,
  nextDay,
  readOrderSearch,
  startOfDayIn,
  type OrderStatus,
} from '@shop/contracts';
import { pageOf, trusted } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { NAME_WORD_KEYS, wordMatch } from '../../platform/search-keys';
import { OrderModel, type OrderRecord } from './model';
import { findOrderByNumber } from './repository';

export interface OrderSearch {
  pageSize: number;
  status?: OrderStatus;
  /** An order number, a whole email, or the beginnings of the customer's names, email or domain. */
  q?: string;
  /** Placed on or after this day, on or before that day (YYYY-MM-DD in the shop's time zone). */
  from?: string;
  to?: string;
  /** The id of the previous page's last order. */
  before?: string;
}

interface OrderSearchPage {
  orders: OrderRecord[];
  /** The id to ask `before` for the next page; null after the last page. */
  next: string | null;
}

/**
 * The keys a typed word may begin: first name, last name, the full name from each later word, email
 * and the email's domain.
 */
const WORD_KEYS = ['firstNameKey', 'lastNameKey', ...NAME_WORD_KEYS, 'emailKey', 'emailDomainKey'];

type PageKey = Pick<OrderRecord, '_id' | 'createdAt'>;

/**
 * The key of the previous page's last order, named by `before`: the page after it is older, or as old
 * with a lower id. Only its key is read, not the whole order.
 */
async function lastOfPreviousPage(before: string): Promise<PageKey> {
  const last = isValidObjectId(before)
    ? await OrderModel.findById(before, { createdAt: 1 }).lean<PageKey>().exec()
    : null;
  if (!last) {
    const message = 'before must be the nextBefore of the previous page';
    throw AppError.invalidField('before', message);
  }
  return last;
}

/** The order of this number, if it is on the list the other conditions make (paged by `before`). */
async function orderNumbered(orderNumber: number, search: OrderSearch, timeZone: string) {
  const order = await findOrderByNumber(orderNumber);
  if (!order) return [];
  const listed = search.status ? order.status === search.status : order.paymentStatus === 'paid';
  if (!listed) return [];
  const at = order.createdAt.getTime();
  if (search.from && at < startOfDayIn(timeZone, search.from).getTime()) return [];
  if (search.to && at >= startOfDayIn(timeZone, nextDay(search.to)).getTime()) return [];
  if (search.before !== undefined) {
    const last = await lastOfPreviousPage(search.before);
    const older =
      at < last.createdAt.getTime() ||
      (at === last.createdAt.getTime() && order._id.toString() < last._id.toString());
    if (!older) return [];
  }
  return [order];
}

export async function searchOrders(
  search: OrderSearch,
  timeZone: string,
): Promise<OrderSearchPage> {
  const text = search.q?.trim() ? readOrderSearch(search.q) : null;
  if (text?.kind === 'too short') throw AppError.invalidField('q', ORDER_SEARCH_TOO_SHORT);

  // An order number names one order: read by its unique index alone, then held to the other
  // conditions here rather than in the query, whose sort would have it walk the list's index.
  if (text?.kind === 'number')
    return { orders: await orderNumbered(text.number, search, timeZone), next: null };

  const filter: FilterQuery<OrderRecord> = search.status
    ? { status: search.status }
    : { paymentStatus: 'paid' };
  const and: Array<FilterQuery<OrderRecord>> = [];
  if (text?.kind === 'email') filter.emailKey = text.email;
  if (text?.kind === 'words') and.push(...text.words.map((word) => wordMatch(WORD_KEYS, word)));
  const createdAt: Record<string, Date> = {};
  if (search.from) createdAt.$gte = startOfDayIn(timeZone, search.from);
  if (search.to) createdAt.$lt = startOfDayIn(timeZone, nextDay(search.to));
  if (search.before !== undefined) {
    const last = await lastOfPreviousPage(search.before);
    createdAt.$lte = last.createdAt;
    and.push({
      $or: [
        { createdAt: trusted({ $lt: last.createdAt }) },
        { createdAt: last.createdAt, _id: trusted({ $lt: last._id }) },
      ],
    });
  }
  if (Object.keys(createdAt).length > 0) filter.createdAt = trusted(createdAt);
  if (and.length > 0) filter.$and = and;

  const found = await OrderModel.find(filter)
    .sort({ createdAt: -1, _id: -1 })
    .limit(search.pageSize + 1)
    .lean<OrderRecord[]>()
    .exec();
  const { items, next } = pageOf(found, search.pageSize);
  return { orders: items, next };
}
