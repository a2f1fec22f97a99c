// The figures of a set of orders, and their sum over slices and days: plain functions, no database.
// Every figure is a sum or a count (the median's minutes are kept as a tally), so the figures of a
// period are the sum of its days' and a day's the sum of its slices'.
import { dayIn, nextDay, startOfDayIn } from '@shop/contracts';
import type { ChargeForFigures, OrderForFigures, RefundForFigures } from '../orders/orders';
import type { Figures } from './model';

const HOUR_MS = 60 * 60 * 1000;

export interface SliceRange {
  /** `{day}#{index}` */
  key: string;
  day: string;
  index: number;
  start: Date;
  end: Date;
}

/** The day's slices: whole hours from its start in the zone, the last one ending with the day. */
export function slicesOfDay(day: string, timeZone: string): SliceRange[] {
  const start = startOfDayIn(timeZone, day).getTime();
  const end = startOfDayIn(timeZone, nextDay(day)).getTime();
  const slices: SliceRange[] = [];
  for (let index = 0, at = start; at < end; index += 1, at += HOUR_MS)
    slices.push({
      key: `${day}#${index}`,
      day,
      index,
      start: new Date(at),
      end: new Date(Math.min(at + HOUR_MS, end)),
    });
  return slices;
}

/** The slice an instant falls in. */
export function sliceOf(instant: Date, timeZone: string): SliceRange {
  const day = dayIn(timeZone, instant);
  const start = startOfDayIn(timeZone, day).getTime();
  const index = Math.floor((instant.getTime() - start) / HOUR_MS);
  return slicesOfDay(day, timeZone)[index]!;
}

function noFigures(): Figures {
  return {
    placed: 0,
    paid: 0,
    charges: 0,
    cancelled: 0,
    chargedCents: 0,
    refundedCents: 0,
    cartsStarted: 0,
    byStatus: [],
    materials: [],
    sizes: [],
    codes: [],
    approvals: [],
  };
}

/**
 * Entries added up by a key: adding an entry whose key is known adds its `counted` fields to the one
 * kept, else keeps a copy. A Map, so summing 90 days of figures stays linear in their entries.
 */
function tallyOf<T extends object>(key: (entry: T) => string | number, counted: Array<keyof T>) {
  const kept = new Map<string | number, T>();
  return {
    add(amounts: T): void {
      const entry = kept.get(key(amounts));
      if (!entry) {
        kept.set(key(amounts), { ...amounts });
        return;
      }
      for (const field of counted)
        (entry[field] as number) = (entry[field] as number) + (amounts[field] as number);
    },
    list: (): T[] => [...kept.values()],
  };
}

type Entry<K extends keyof Figures> = Figures[K] extends Array<infer T> ? T : never;

/** One tally per listed figure, keyed as each is told apart. */
function figureTallies() {
  return {
    byStatus: tallyOf<Entry<'byStatus'>>((entry) => entry.status, ['orders']),
    materials: tallyOf<Entry<'materials'>>(
      (entry) => entry.material,
      ['labels', 'orders', 'salesCents'],
    ),
    sizes: tallyOf<Entry<'sizes'>>(
      (entry) => `${entry.width}x${entry.height}`,
      ['labels', 'orders'],
    ),
    codes: tallyOf<Entry<'codes'>>((entry) => entry.code, ['uses', 'discountCents']),
    approvals: tallyOf<Entry<'approvals'>>((entry) => entry.minutes, ['orders']),
  };
}

function withLists(figures: Figures, tallies: ReturnType<typeof figureTallies>): Figures {
  return {
    ...figures,
    byStatus: tallies.byStatus.list(),
    materials: tallies.materials.list(),
    sizes: tallies.sizes.list(),
    codes: tallies.codes.list(),
    approvals: tallies.approvals.list(),
  };
}

/** What one slice is made of, each read by the hour it happened in. */
export interface SliceContents {
  /** The orders placed in it, paid or not. */
  placed: OrderForFigures[];
  /** The charges made in it (the orders paid in it), whenever their orders were placed. */
  charges: ChargeForFigures[];
  /** The refunds made in it, whenever their orders were placed or paid. */
  refunds: RefundForFigures[];
  /** When the customer approved each approved order's proof (by order id). */
  approvedAt: Map<string, Date>;
  /** Counted apart: carts are not orders. */
  cartsStarted: number;
}

/**
 * The figures of one slice. The money follows the money: a charge is the slice's it was paid in and a
 * refund the one it was made in, whichever day the order was placed (the books' days, as the
 * payments export files them, docs/product.md section 11); an order paid or refunded later takes
 * nothing out of the day it was placed. The rest (the funnel, the statuses, what sold, the
 * approvals) is of the orders placed in it.
 */
export function figuresOf({
  placed,
  charges,
  refunds,
  approvedAt,
  cartsStarted,
}: SliceContents): Figures {
  const figures = { ...noFigures(), cartsStarted };
  for (const charge of charges) {
    figures.charges += 1;
    figures.chargedCents += charge.totalCents;
    if (charge.status === 'cancelled') figures.cancelled += 1;
  }
  for (const refund of refunds) figures.refundedCents += refund.refundedCents;
  const tallies = figureTallies();
  for (const order of placed) {
    figures.placed += 1;
    tallies.byStatus.add({ status: order.status, orders: 1 });
    if (order.paymentStatus !== 'paid') continue;
    figures.paid += 1;

    const approved = approvedAt.get(order._id.toString());
    const proofSentAt = order.proof?.awaitingSince ?? order.paidAt;
    if (approved && proofSentAt) {
      const minutes = Math.max(
        0,
        Math.floor((approved.getTime() - new Date(proofSentAt).getTime()) / 60_000),
      );
      tallies.approvals.add({ minutes, orders: 1 });
    }

    if (order.status === 'cancelled') continue;
    if (order.discountCode)
      tallies.codes.add({ code: order.discountCode, uses: 1, discountCents: order.discountCents });
    const materials = new Set<string>();
    const sizes = new Set<string>();
    for (const item of order.items) {
      const { material, width, height } = item.productConfig;
      tallies.materials.add({
        material,
        labels: item.quantity,
        orders: materials.has(material) ? 0 : 1,
        salesCents: item.totalCents,
      });
      materials.add(material);
      const size = `${width}x${height}`;
      tallies.sizes.add({ width, height, labels: item.quantity, orders: sizes.has(size) ? 0 : 1 });
      sizes.add(size);
    }
  }
  return withLists(figures, tallies);
}

/** The sum of several slices' or days' figures. */
export function sumFigures(parts: Figures[]): Figures {
  const sum = noFigures();
  const tallies = figureTallies();
  for (const part of parts) {
    sum.placed += part.placed;
    sum.paid += part.paid;
    sum.charges += part.charges;
    sum.cancelled += part.cancelled;
    sum.chargedCents += part.chargedCents;
    sum.refundedCents += part.refundedCents;
    sum.cartsStarted += part.cartsStarted;
    part.byStatus.forEach(tallies.byStatus.add);
    part.materials.forEach(tallies.materials.add);
    part.sizes.forEach(tallies.sizes.add);
    part.codes.forEach(tallies.codes.add);
    part.approvals.forEach(tallies.approvals.add);
  }
  return withLists(sum, tallies);
}

/** The median of a tally of minutes: the middle one, or the mean of the middle two. */
export function medianMinutes(approvals: Figures['approvals']): number | null {
  const sorted = [...approvals].sort((a, b) => a.minutes - b.minutes);
  const count = sorted.reduce((n, entry) => n + entry.orders, 0);
  if (count === 0) return null;
  const at = (position: number): number => {
    let seen = 0;
    for (const entry of sorted) {
      seen += entry.orders;
      if (position < seen) return entry.minutes;
    }
    return sorted.at(-1)!.minutes;
  };
  // Whole minutes (docs/product.md section 11): the mean of the middle two, rounded.
  return count % 2 === 1
    ? at((count - 1) / 2)
    : Math.round((at(count / 2 - 1) + at(count / 2)) / 2);
}
