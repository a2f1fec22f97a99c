// Admin calls: the secret at /admin-setup, customers and orders (docs/product.md sections 5 to 7).
import { z } from 'zod';
import type { ShopUser } from './shop-store';
import { CARRIERS, ORDER_STATUSES, type AdminOrder } from './orders';
import { keyPageQuerySchema } from './paging';
import { FIRST_DAY, LAST_DAY, isCalendarDay } from './time-zone';

export const ADMIN_SECRET_ATTEMPTS = 3;
export const ADMIN_SECRET_WINDOW_MINUTES = 15;

export const adminMessages = {
  secretRequired: 'Please enter the admin secret key',
  secretInvalid: 'Invalid admin secret',
  tooManyAttempts: `Too many attempts: at most ${ADMIN_SECRET_ATTEMPTS} every ${ADMIN_SECRET_WINDOW_MINUTES} minutes. Please try again later.`,
  adminNotDeletable: 'Admin accounts cannot be deleted',
} as const;

/** POST /api/admin/make-admin; the same secret also goes as `Authorization: Bearer <secret>`. */
export const makeAdminSchema = z.object({
  secret: z
    .string({ error: adminMessages.secretRequired })
    .min(1, adminMessages.secretRequired)
    .max(500, adminMessages.secretInvalid),
});
export type MakeAdminInput = z.input<typeof makeAdminSchema>;

export interface AdminStatus {
  isAdmin: boolean;
  /**
   * To an admin, the shop's time zone (IANA, SHOP_TIME_ZONE): the days the admin's lists filter by
   * and its figures count in, so the admin app shows every date and time in it.
   */
  timeZone?: string;
}

/**
 * GET /api/admin/customers?q=&before=&limit=: the answer is the page's customers (the product's
 * "customer list"), newest first, those the search `q` finds when given (readCustomerSearch); the id
 * to ask `before` for the next page is in this header, absent after the last page.
 */
export const adminCustomersQuerySchema = keyPageQuerySchema('a customer').extend({
  q: z.string().max(200, 'q must be at most 200 characters').optional(),
});
export type AdminCustomersQuery = z.input<typeof adminCustomersQuerySchema>;

/** The shortest word a name-or-email search looks for (the beginnings of words are listed from it). */
export const ORDER_SEARCH_WORD_MIN = 2;
export const ORDER_SEARCH_TOO_SHORT = `Search for an order number, an email, or words of at least ${ORDER_SEARCH_WORD_MIN} letters`;

/**
 * A word typed into an admin search, lower-cased: as typed, punctuation kept ("mary-jo", "o'neil",
 * "example.com"), and its parts, its runs of letters and digits ("jane.doe" -> jane, doe). It finds a
 * name or an email one of whose keys begins with it as typed, or with each of its parts
 * ("jane.doe" finds Jane Doe; docs/product.md section 2, the admin's Orders).
 */
export interface SearchWord {
  typed: string;
  parts: string[];
}

/** The words of a search, split at spaces ("Mary-Jo O'Neil" -> mary-jo, o'neil). */
export function searchWords(text: string): SearchWord[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((typed) => ({ typed, parts: typed.split(/[^\p{L}\p{N}]+/u).filter(Boolean) }));
}

/** A word with fewer than ORDER_SEARCH_WORD_MIN letters and digits ("a", "o'"). */
const tooShort = (word: SearchWord) => word.parts.join('').length < ORDER_SEARCH_WORD_MIN;

/**
 * What the admin's order search text asks for: an order number ("1042", "#1042"), a whole email, or
 * orders whose name or email has words beginning with each word typed; 'too short' when a word has
 * fewer than ORDER_SEARCH_WORD_MIN letters (the API answers 400).
 */
export function readOrderSearch(
  text: string,
):
  | { kind: 'number'; number: number }
  | { kind: 'email'; email: string }
  | { kind: 'words'; words: SearchWord[] }
  | { kind: 'too short' } {
  const trimmed = text.trim();
  const number = /^#?(\d{1,12})$/.exec(trimmed);
  if (number) return { kind: 'number', number: Number(number[1]) };
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed))
    return { kind: 'email', email: trimmed.toLowerCase() };
  const words = searchWords(trimmed);
  if (words.length === 0 || words.some(tooShort)) return { kind: 'too short' };
  return { kind: 'words', words };
}

export const CUSTOMER_SEARCH_TOO_SHORT = `Search for an email, or words of at least ${ORDER_SEARCH_WORD_MIN} letters`;

/**
 * What the admin's customer search text asks for: a whole email, or customers with a word of their
 * name, their email or email's domain beginning with each word typed (digits are words too: there
 * are no customer numbers); 'too short' as for orders.
 */
export function readCustomerSearch(
  text: string,
):
  | { kind: 'email'; email: string }
  | { kind: 'words'; words: SearchWord[] }
  | { kind: 'too short' } {
  const read = readOrderSearch(text);
  return read.kind === 'number' ? { kind: 'words', words: searchWords(text.trim()) } : read;
}

/** A YYYY-MM-DD that is a day of the calendar (not 2026-02-30), in the years the shop takes. */
export function calendarDay(field: string) {
  const message = `${field} must be a date (YYYY-MM-DD) from ${FIRST_DAY} to ${LAST_DAY}`;
  return z.string({ error: message }).refine(isCalendarDay, message);
}

/** The message of a range whose first day comes after its last (the order list's, an export's). */
export const DAY_RANGE_MESSAGE = 'from must be on or before to';

/** A place in the admin's order lists: the id of the previous page's last order. */
export const ORDER_PAGE_PLACE = /^[a-f0-9]{24}$/;

/**
 * GET /api/admin/orders: newest first, paged by key like the customer list: the answer's `nextBefore`
 * (also in the x-next-before header) is the place to ask `before` for the next page, null at the end.
 */
export const adminOrdersQuerySchema = z
  .object({
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number' })
      .int('pageSize must be a whole number')
      .min(1, 'pageSize must be at least 1')
      .max(100, 'pageSize must be at most 100')
      .default(20),
    status: z
      .enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` })
      .optional(),
    /**
     * An order number, a whole email, or words each beginning the customer's first name, last name or
     * email ("jan", "jane do", "jane.doe@"), each word at least 2 letters or digits.
     */
    q: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
    /** Placed on or after this day, on or before that day (YYYY-MM-DD, the shop's time zone). */
    from: calendarDay('from').optional(),
    to: calendarDay('to').optional(),
    /** A place from the previous page's nextBefore. */
    before: z
      .string()
      .regex(ORDER_PAGE_PLACE, 'before must be the nextBefore of the previous page')
      .optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: DAY_RANGE_MESSAGE,
    path: ['to'],
  });
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

export interface AdminOrderPage {
  orders: AdminOrder[];
  pageSize: number;
  nextBefore: string | null;
}

/** PATCH /api/admin/orders/{id}: shipped -> completed (shipping and cancelling have their own calls). */
export const updateOrderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
});

const TRACKING_NUMBER = /^[A-Za-z0-9 -]+$/;

/** POST /api/admin/orders/{id}/ship */
export const shipOrderSchema = z
  .object({
    carrier: z.enum(CARRIERS, { error: 'Carrier must be USPS, UPS or other' }),
    trackingNumber: z
      .string({ error: 'Tracking number is required' })
      .trim()
      .min(1, 'Tracking number is required')
      .max(60, 'Tracking number must be at most 60 characters')
      .regex(TRACKING_NUMBER, 'Tracking number may contain only letters, digits, spaces and -'),
    /** For another carrier: its tracking page (https). */
    trackingUrl: z
      .url({ protocol: /^https$/, error: 'Tracking link must be an https:// address' })
      .max(500, 'Tracking link must be at most 500 characters')
      .nullish(),
  })
  .refine((value) => value.carrier === 'other' || !value.trackingUrl, {
    path: ['trackingUrl'],
    message: 'USPS and UPS tracking links are made from the tracking number',
  });
export type ShipOrderInput = z.input<typeof shipOrderSchema>;

/** POST /api/admin/orders/{id}/cancel: the refund in dollars (0 to the amount charged). */
export const cancelOrderSchema = z.object({
  refundAmount: z
    .number({ error: 'Refund amount must be a number' })
    .min(0, 'Refund amount cannot be negative')
    .refine(
      (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
      'Refund amount must be in whole cents',
    ),
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(500, 'Reason must be at most 500 characters')
    .optional()
    .default(''),
});
export type CancelOrderInput = z.input<typeof cancelOrderSchema>;

/** POST /api/admin/orders/{id}/notes */
export const orderNoteSchema = z.object({
  text: z
    .string({ error: 'Note is required' })
    .trim()
    .min(1, 'Note is required')
    .max(2000, 'Note must be at most 2000 characters'),
});
export type UpdateOrderStatusInput = z.input<typeof updateOrderStatusSchema>;

/**
 * GET /api/admin/customers/{id}?before=&limit=: the customer and a page of their paid orders, newest
 * first (20 by default; the query of GET /api/orders, orderHistoryQuerySchema); `nextBefore` is the
 * order to ask `before` for the next page, null after the last.
 */
export interface AdminCustomerDetail {
  customer: ShopUser;
  orders: AdminOrder[];
  nextBefore: string | null;
}
