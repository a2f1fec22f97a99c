// The admin's insights (docs/product.md section 11): the dashboard's figures and the exports for the
// books. Money in dollars with two decimals, as every answer; days are YYYY-MM-DD in the shop's time
// zone (SHOP_TIME_ZONE).
import { z } from 'zod';
import { DAY_RANGE_MESSAGE, calendarDay } from './admin';
import { MATERIALS, type Material } from './label-options';
import { ORDER_STATUSES, type OrderStatus } from './orders';
import { keyPageQuerySchema } from './paging';

export const INSIGHT_PERIODS = ['today', '7d', '30d', '90d'] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

/** How many calendar days each period covers, today included. */
export const INSIGHT_PERIOD_DAYS: Record<InsightPeriod, number> = {
  today: 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

export const INSIGHT_PERIOD_LABELS: Record<InsightPeriod, string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
};

/** GET /api/admin/insights?period= (any other parameter is refused) */
export const insightsQuerySchema = z.strictObject({
  period: z
    .enum(INSIGHT_PERIODS, { error: `period must be one of ${INSIGHT_PERIODS.join(', ')}` })
    .default('7d'),
});
export type InsightsQuery = z.input<typeof insightsQuerySchema>;

/**
 * Production takes 3 to 5 business days (docs/product.md section 9): an order is promised to leave
 * production (shipped) within this many business days of its go-ahead.
 */
export const PRODUCTION_PROMISE_BUSINESS_DAYS = 5;

/** One point of the revenue chart: a day of the period, or an hour of today. */
export interface RevenuePoint {
  /** The day (YYYY-MM-DD), or the hour's first instant (ISO) for today. */
  key: string;
  revenue: number;
  orders: number;
}

export interface MaterialSales {
  material: Material;
  /** Labels on the period's orders that were kept (paid and not cancelled). */
  labels: number;
  /** Orders with at least one line of it. */
  orders: number;
  /** The lines' prices before the order's discount, shipping and tax. */
  sales: number;
}

export interface SizeSales {
  width: number;
  height: number;
  labels: number;
  orders: number;
}

export interface DiscountCodeUse {
  code: string;
  /** Kept orders (paid and not cancelled) that used it. */
  uses: number;
  /** What it took off those orders. */
  discount: number;
}

export interface LateOrder {
  id: string;
  orderNumber: number;
  customerName: string;
  /** The go-ahead: the proof approved (or moved on by an admin), or the payment when it was skipped. */
  goAheadAt: string;
  promisedBy: string;
}

/**
 * Every figure of a period is about the orders placed in it (their createdAt, in the shop's time
 * zone: the days the admin's order list filters by), as they are now, except the money, which
 * follows the money: the charges made in the period (their paidAt) and the refunds made in it (their
 * refundedAt), whichever day their orders were placed, so an order placed at 23:50 and paid at 00:10
 * is the second day's charge, and a refund made today is today's and takes nothing out of the day
 * its order was paid (docs/product.md section 11, as the payments export files them).
 */
export interface InsightsDashboard {
  period: InsightPeriod;
  timeZone: string;
  /** The first and last day of the period (the same day for today). */
  from: string;
  to: string;
  /** When the figures were read. */
  asOf: string;
  /**
   * What the orders paid in the period were charged, what was refunded in the period, and
   * revenue = charged - refunded.
   */
  revenue: number;
  charged: number;
  refunded: number;
  /**
   * Orders paid in the period, whichever day they were placed (cancelled ones included; their
   * refunds are in the `refunded` of the period they were made in), and of those the cancelled.
   */
  orders: number;
  cancelled: number;
  /** charged / orders, null without orders. */
  averageOrderValue: number | null;
  funnel: {
    /** Carts that got their first label in the period. */
    cartsStarted: number;
    /** Checkouts placed (orders written, paid or not). */
    placed: number;
    /** Of those checkouts, the ones paid (whenever). */
    paid: number;
  };
  /** By day for 7, 30 and 90 days; by hour for today. */
  revenueSeries: { unit: 'day' | 'hour'; points: RevenuePoint[] };
  /** Every order placed in the period by its status now (unpaid and expired checkouts included). */
  ordersByStatus: Array<{ status: OrderStatus; orders: number }>;
  /** Every material, most labels first. */
  materials: MaterialSales[];
  /** The ten sizes with the most labels. */
  topSizes: SizeSales[];
  /** Every code used by a kept order of the period, most uses first. */
  discountCodes: DiscountCodeUse[];
  proofs: {
    /** Orders waiting for the customer's approval now (at most `waitingLimit`; `waitingMore` past it). */
    waiting: number;
    waitingMore: boolean;
    oldestWaitingSince: string | null;
    /** The period's orders whose proof the customer approved. */
    approved: number;
    /** From the first proof sent (at payment) to the customer's approval, whole minutes. */
    medianMinutesToApproval: number | null;
  };
  production: {
    promiseBusinessDays: number;
    /** Orders in production past their promise now, most overdue first (`lateMore` past the list). */
    late: LateOrder[];
    lateMore: boolean;
  };
}

// --- Exports ------------------------------------------------------------------------------------

export const EXPORT_KINDS = ['orders', 'customers', 'payments'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_ROW_SHAPES = ['order', 'line'] as const;
export type ExportRowShape = (typeof EXPORT_ROW_SHAPES)[number];

/**
 * POST /api/admin/exports: which rows, recorded with who asked and when; the answer names the file
 * to download. Orders: placed from..to (days in the shop's time zone), of a status or, without one,
 * every paid order (as the admin's order list); one row per order or per line. Customers: signed up
 * from..to. Payments: the money that moved from..to, one row per charge on the day it was paid and
 * per refund on the day it was made, oldest first.
 */
export const exportRequestSchema = z
  .strictObject({
    kind: z.enum(EXPORT_KINDS, { error: `kind must be one of ${EXPORT_KINDS.join(', ')}` }),
    from: calendarDay('from'),
    to: calendarDay('to'),
    status: z
      .enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` })
      .nullish(),
    rows: z
      .enum(EXPORT_ROW_SHAPES, { error: `rows must be one of ${EXPORT_ROW_SHAPES.join(', ')}` })
      .default('order'),
  })
  .refine((request) => request.from <= request.to, {
    message: DAY_RANGE_MESSAGE,
    path: ['to'],
  })
  .refine((request) => request.kind === 'orders' || !request.status, {
    message: 'status applies to orders only',
    path: ['status'],
  });
export type ExportRequest = z.input<typeof exportRequestSchema>;

/** GET /api/admin/exports?before=&limit=: the exports made, newest first (nothing else asked). */
export const exportsQuerySchema = keyPageQuerySchema('an export').strict();

export interface ExportRecordAnswer {
  id: string;
  kind: ExportKind;
  rows: ExportRowShape;
  from: string;
  to: string;
  status: OrderStatus | null;
  /** The admin who made it (their email). */
  by: string;
  at: string;
  /** The file, while its maker may download it. */
  downloadUrl: string | null;
  /** Rows written by the last download that finished, null before one did. */
  rowCount: number | null;
}

export interface ExportsPage {
  exports: ExportRecordAnswer[];
  nextBefore: string | null;
}

/** How long after an export is made its maker may download it. */
export const EXPORT_DOWNLOAD_MINUTES = 60;

/**
 * A cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return)
 * is written with a leading apostrophe, so it is read as text (OWASP, "CSV injection").
 */
export function spreadsheetSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

// --- Answers as the admin remote parses them ------------------------------------------------------

const revenuePointSchema = z.object({ key: z.string(), revenue: z.number(), orders: z.number() });

export const insightsDashboardSchema = z.object({
  period: z.enum(INSIGHT_PERIODS),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  asOf: z.string(),
  revenue: z.number(),
  charged: z.number(),
  refunded: z.number(),
  orders: z.number(),
  cancelled: z.number(),
  averageOrderValue: z.number().nullable(),
  funnel: z.object({ cartsStarted: z.number(), placed: z.number(), paid: z.number() }),
  revenueSeries: z.object({
    unit: z.enum(['day', 'hour']),
    points: z.array(revenuePointSchema),
  }),
  ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), orders: z.number() })),
  materials: z.array(
    z.object({
      material: z.enum(MATERIALS),
      labels: z.number(),
      orders: z.number(),
      sales: z.number(),
    }),
  ),
  topSizes: z.array(
    z.object({ width: z.number(), height: z.number(), labels: z.number(), orders: z.number() }),
  ),
  discountCodes: z.array(z.object({ code: z.string(), uses: z.number(), discount: z.number() })),
  proofs: z.object({
    waiting: z.number(),
    waitingMore: z.boolean(),
    oldestWaitingSince: z.string().nullable(),
    approved: z.number(),
    medianMinutesToApproval: z.number().nullable(),
  }),
  production: z.object({
    promiseBusinessDays: z.number(),
    late: z.array(
      z.object({
        id: z.string(),
        orderNumber: z.number(),
        customerName: z.string(),
        goAheadAt: z.string(),
        promisedBy: z.string(),
      }),
    ),
    lateMore: z.boolean(),
  }),
}) satisfies z.ZodType<InsightsDashboard>;

export const exportRecordAnswerSchema = z.object({
  id: z.string(),
  kind: z.enum(EXPORT_KINDS),
  rows: z.enum(EXPORT_ROW_SHAPES),
  from: z.string(),
  to: z.string(),
  status: z.enum(ORDER_STATUSES).nullable(),
  by: z.string(),
  at: z.string(),
  downloadUrl: z.string().nullable(),
  rowCount: z.number().nullable(),
}) satisfies z.ZodType<ExportRecordAnswer>;

export const exportsPageSchema = z.object({
  exports: z.array(exportRecordAnswerSchema),
  nextBefore: z.string().nullable(),
}) satisfies z.ZodType<ExportsPage>;
