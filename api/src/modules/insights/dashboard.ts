// The admin's dashboard (docs/product.md section 11). Its figures are recomputed from the orders, never
// added to: a slice (an hour of a day) is read again from the orders placed in it and the charges
// and refunds made in it (an order's `paidAt` and `refundedAt`, whichever day it was placed)
// whenever it may have changed, and a past day is the sum of its slices. What may have changed is
// known from the orders themselves: every write of an order sets its updatedAt, which is indexed, so
// the orders written since the feed's last reading name the slices to read again, the slice it was
// placed in, the one it was paid in and the one its refund was made in. Nothing needs to be told
// about a payment, a refund or an approval, and a process dying between an order's write and
// anything else loses nothing. A call reads the
// current hour's orders, those changed since the last reading (the insights job keeps them few),
// and at most 90 day documents.
import {
  ORDER_STATUSES,
  INSIGHT_PERIOD_DAYS,
  MATERIALS,
  PRODUCTION_PROMISE_BUSINESS_DAYS,
  addBusinessDays,
  dayIn,
  nextDay,
  startOfDayIn,
  toDollars,
  type InsightPeriod,
  type InsightsDashboard,
  type LateOrder,
  type Material,
} from '@shop/contracts';
import { cartStartsBetween } from '../cart/cart';
import {
  approvalTimes,
  chargesMadeBetween,
  orderCartStartsBetween,
  ordersChangedSince,
  ordersInState,
  ordersPlacedBetween,
  processingSince,
  refundsMadeBetween,
  type ChangedOrder,
} from '../orders/orders';
import {
  figuresOf,
  medianMinutes,
  sliceOf,
  slicesOfDay,
  sumFigures,
  type SliceRange,
} from './figures';
import type { Figures, InsightFiguresRecord, InsightSliceRecord } from './model';
import { advanceFeed, feedThrough, findFigures, saveFigures } from './repository';

/**
 * How long an order's write may take from the API stamping its time to the database having it
 * (several replicas' clocks included). A slice read this long after it ended holds every order
 * placed in it; the feed reads again this far back.
 */
const SETTLE_MS = 2 * 60 * 1000;
/** Changed orders read per query of the feed. */
const FEED_PAGE = 500;
/** The most proofs waiting and late orders listed. */
const WAITING_LIMIT = 500;
const LATE_LIMIT = 50;

const isSettled = (end: Date, computedAt: Date) =>
  computedAt.getTime() >= end.getTime() + SETTLE_MS;

/**
 * When each cart started in [start, end) was started: the starts carts hold, those kept apart from
 * emptied carts and those kept by orders placed from carts that paying took away, each start once
 * (by its line's id) wherever it is found.
 */
async function cartStartTimes(start: Date, end: Date): Promise<Date[]> {
  const [carts, orders] = await Promise.all([
    cartStartsBetween(start, end),
    orderCartStartsBetween(start, end),
  ]);
  const times = new Map<string, Date>();
  for (const found of [...carts, ...orders]) times.set(found.id, found.at);
  return [...times.values()];
}

/**
 * The figures of the orders placed and the charges and refunds made in each of the slices
 * (consecutive ones), read now: one query for their orders, one for their charges and one for their
 * refunds, shared out over the slices, so a day with nothing kept is read whole at once.
 */
async function readSlices(slices: SliceRange[]): Promise<InsightSliceRecord[]> {
  const computedAt = new Date();
  if (slices.length === 0) return [];
  const [start, end] = [slices[0]!.start, slices.at(-1)!.end];
  const [orders, charges, refunds, startTimes] = await Promise.all([
    ordersPlacedBetween(start, end),
    chargesMadeBetween(start, end),
    refundsMadeBetween(start, end),
    cartStartTimes(start, end),
  ]);
  const approved = await approvalTimes(orders);
  const within = (at: Date, slice: SliceRange) => at >= slice.start && at < slice.end;
  const records = slices.map((slice) => ({
    _id: slice.key,
    grain: 'hour' as const,
    day: slice.day,
    index: slice.index,
    start: slice.start,
    end: slice.end,
    computedAt,
    ...figuresOf({
      placed: orders.filter((order) => within(order.createdAt, slice)),
      charges: charges.filter((charge) => within(charge.paidAt, slice)),
      refunds: refunds.filter((refund) => within(refund.refundedAt, slice)),
      approvedAt: approved,
      cartsStarted: startTimes.filter((at) => within(at, slice)).length,
    }),
  }));
  await saveFigures(records);
  return records;
}

/**
 * The day's slices up to now, each read again from the orders unless it was read after it had
 * settled; a day with no slice kept is read whole.
 */
async function slicesOf(day: string, timeZone: string, now: Date): Promise<InsightSliceRecord[]> {
  const slices = slicesOfDay(day, timeZone).filter((slice) => slice.start <= now);
  const kept = await findFigures<InsightSliceRecord>('hour', day, day);
  if (kept.size === 0) return readSlices(slices);
  const read = await Promise.all(
    slices.map((slice) => {
      const known = kept.get(slice.key);
      return known && isSettled(known.end, known.computedAt) ? [known] : readSlices([slice]);
    }),
  );
  return read.flat();
}

/** A past day's figures from its slices; kept as the day once every slice had settled. */
async function keepDay(day: string, timeZone: string, now: Date): Promise<Figures> {
  const computedAt = new Date();
  const slices = await slicesOf(day, timeZone, now);
  const figures = sumFigures(slices);
  if (slices.every((slice) => isSettled(slice.end, slice.computedAt)))
    await saveFigures([{ _id: day, grain: 'day', day, computedAt, ...figures }]);
  return figures;
}

/**
 * Takes in the orders written since the feed's last reading: the slices they were placed in, paid in
 * and refunded in are read again, and their days summed again. Run by every dashboard call and by
 * the insights job.
 */
export async function catchUp(timeZone: string, now = new Date()): Promise<void> {
  const through = await feedThrough(now);
  if (!through) return; // a first reading: every figure is read from the orders as it is asked for
  const since = new Date(through.getTime() - SETTLE_MS);
  const slices = new Map<string, SliceRange>();
  for (let after: ChangedOrder | null = null; ;) {
    const page: ChangedOrder[] = await ordersChangedSince(since, after, FEED_PAGE);
    for (const order of page)
      for (const at of [order.createdAt, order.paidAt, order.refundedAt]) {
        if (!at) continue;
        const slice = sliceOf(at, timeZone);
        slices.set(slice.key, slice);
      }
    if (page.length < FEED_PAGE) break;
    after = page.at(-1)!;
  }
  const today = dayIn(timeZone, now);
  for (const day of new Set([...slices.values()].map((slice) => slice.day))) {
    const known = await findFigures<InsightSliceRecord>('hour', day, day);
    // A day never read is read whole when it is asked for; today is summed at every call.
    if (known.size === 0) continue;
    // A slice not settled yet is read again whenever it is asked for.
    for (const slice of slices.values()) {
      const kept = known.get(slice.key);
      if (kept && isSettled(kept.end, kept.computedAt)) await readSlices([slice]);
    }
    if (day < today) await keepDay(day, timeZone, now);
  }
  await advanceFeed(now);
}

/** The period's figures: its past days as kept (or read and kept), and today from its slices. */
async function periodFigures(period: InsightPeriod, timeZone: string, now: Date) {
  const to = dayIn(timeZone, now);
  let from = to;
  for (let n = 1; n < INSIGHT_PERIOD_DAYS[period]; n++)
    from = dayIn(timeZone, new Date(startOfDayIn(timeZone, from).getTime() - 12 * 3_600_000));
  const days: Array<{ day: string; figures: Figures }> = [];
  if (from < to) {
    const kept = await findFigures<InsightFiguresRecord>('day', from, to);
    for (let day = from; day < to; day = nextDay(day))
      days.push({ day, figures: kept.get(day) ?? (await keepDay(day, timeZone, now)) });
  }
  const today = await slicesOf(to, timeZone, now);
  return { from, to, days, today };
}

/**
 * Proofs waiting for the customer now (not those the shop is revising, at the same step), and the
 * orders in production past their promise now.
 */
async function workInProgress(timeZone: string, now: Date) {
  const atProofStep = await ordersInState('awaiting_proof', WAITING_LIMIT + 1);
  const waiting = atProofStep.filter((order) => order.proof?.status === 'awaiting_approval');
  // An order placed less than the promise's length ago cannot be late (its go-ahead came later).
  const candidates = await ordersInState(
    'processing',
    LATE_LIMIT * 4,
    new Date(now.getTime() - PRODUCTION_PROMISE_BUSINESS_DAYS * 86_400_000),
  );
  const goAheads = await processingSince(candidates.filter((order) => !order.skipProof));
  const late: LateOrder[] = [];
  for (const order of candidates) {
    const goAheadAt = order.skipProof ? order.paidAt : goAheads.get(order._id.toString());
    if (!goAheadAt) continue;
    const promisedBy = addBusinessDays(
      new Date(goAheadAt),
      PRODUCTION_PROMISE_BUSINESS_DAYS,
      timeZone,
    );
    if (promisedBy.getTime() >= now.getTime()) continue;
    late.push({
      id: order._id.toString(),
      orderNumber: order.orderNumber,
      customerName: `${order.customerInfo.firstName} ${order.customerInfo.lastName}`.trim(),
      goAheadAt: new Date(goAheadAt).toISOString(),
      promisedBy: promisedBy.toISOString(),
    });
  }
  late.sort((a, b) => a.promisedBy.localeCompare(b.promisedBy));
  // Each waits since its current revision was sent.
  const since = waiting.map((order) =>
    new Date(order.proof?.sentAt ?? order.paidAt ?? order.createdAt).getTime(),
  );
  return {
    waiting: Math.min(waiting.length, WAITING_LIMIT),
    waitingMore: atProofStep.length > WAITING_LIMIT,
    oldestWaitingSince: since.length > 0 ? new Date(Math.min(...since)).toISOString() : null,
    late: late.slice(0, LATE_LIMIT),
    lateMore: late.length > LATE_LIMIT || candidates.length === LATE_LIMIT * 4,
  };
}

export async function insightsDashboard(
  period: InsightPeriod,
  timeZone: string,
): Promise<InsightsDashboard> {
  const now = new Date();
  await catchUp(timeZone, now);
  const [{ from, to, days, today }, progress] = await Promise.all([
    periodFigures(period, timeZone, now),
    workInProgress(timeZone, now),
  ]);
  const todayFigures = sumFigures(today);
  const total = sumFigures([...days.map((day) => day.figures), todayFigures]);
  const points =
    period === 'today'
      ? today.map((slice) => ({
          key: slice.start.toISOString(),
          revenue: toDollars(slice.chargedCents - slice.refundedCents),
          orders: slice.charges,
        }))
      : [...days, { day: to, figures: todayFigures }].map(({ day, figures }) => ({
          key: day,
          revenue: toDollars(figures.chargedCents - figures.refundedCents),
          orders: figures.charges,
        }));
  const statusCount = new Map(total.byStatus.map((entry) => [entry.status, entry.orders]));
  const materials = MATERIALS.map((material: Material) => {
    const sold = total.materials.find((entry) => entry.material === material);
    return {
      material,
      labels: sold?.labels ?? 0,
      orders: sold?.orders ?? 0,
      sales: toDollars(sold?.salesCents ?? 0),
    };
  }).sort((a, b) => b.labels - a.labels || b.sales - a.sales);
  return {
    period,
    timeZone,
    from,
    to,
    asOf: now.toISOString(),
    revenue: toDollars(total.chargedCents - total.refundedCents),
    charged: toDollars(total.chargedCents),
    refunded: toDollars(total.refundedCents),
    orders: total.charges,
    cancelled: total.cancelled,
    averageOrderValue:
      total.charges > 0 ? toDollars(Math.round(total.chargedCents / total.charges)) : null,
    funnel: { cartsStarted: total.cartsStarted, placed: total.placed, paid: total.paid },
    revenueSeries: { unit: period === 'today' ? 'hour' : 'day', points },
    ordersByStatus: ORDER_STATUSES.filter((status) => statusCount.has(status)).map((status) => ({
      status,
      orders: statusCount.get(status)!,
    })),
    materials,
    topSizes: [...total.sizes]
      .sort((a, b) => b.labels - a.labels || b.orders - a.orders || a.width - b.width)
      .slice(0, 10),
    discountCodes: [...total.codes]
      .sort((a, b) => b.uses - a.uses || a.code.localeCompare(b.code))
      .map((entry) => ({
        code: entry.code,
        uses: entry.uses,
        discount: toDollars(entry.discountCents),
      })),
    proofs: {
      waiting: progress.waiting,
      waitingMore: progress.waitingMore,
      oldestWaitingSince: progress.oldestWaitingSince,
      approved: total.approvals.reduce((n, entry) => n + entry.orders, 0),
      medianMinutesToApproval: medianMinutes(total.approvals),
    },
    production: {
      promiseBusinessDays: PRODUCTION_PROMISE_BUSINESS_DAYS,
      late: progress.late,
      lateMore: progress.lateMore,
    },
  };
}
