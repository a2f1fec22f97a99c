// The figures of a set of orders, and their sum over slices and days: plain functions, no database.
// Every figure is a sum or a count (the median's minutes are kept as a tally), so the figures of a
// period are the sum of its days' and a day's the sum of its slices'.
import { dayIn, nextDay, startOfDayIn } from '@shop/contracts';
import type { OrderForFigures, RefundForFigures } from '../orders/orders';
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

/**
 * The figures of one slice: the orders placed in it, and the refunds made in it (whenever their
 * orders were placed: a refund is the books' on the day it was made, docs/product.md section 11, and
 * takes nothing out of its order's day). `approvedAt` holds when the customer approved each
 * approved order's proof (by order id); `cartsStarted` is counted apart (carts are not orders).
 */
export function figuresOf(
  orders: OrderForFigures[],
  refunds: RefundForFigures[],
  approvedAt: Map<string, Date>,
  cartsStarted: number,
): Figures {
  const figures = { ...noFigures(), cartsStarted };
  for (const refund of refunds) figures.refundedCents += refund.refundedCents;
  const tallies = figureTallies();
  for (const order of orders) {
    figures.placed += 1;
    tallies.byStatus.add({ status: order.status, orders: 1 });
    if (order.paymentStatus !== 'paid') continue;
    figures.paid += 1;
    figures.chargedCents += order.totalCents;

    const approved = approvedAt.get(order._id.toString());
    const proofSentAt = order.proof?.awaitingSince ?? order.paidAt;
    if (approved && proofSentAt) {
      const minutes = Math.max(
        0,
        Math.floor((approved.getTime() - new Date(proofSentAt).getTime()) / 60_000),
      );
      tallies.approvals.add({ minutes, orders: 1 });
    }

    if (order.status === 'cancelled') {
      figures.cancelled += 1;
      continue;
    }
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
