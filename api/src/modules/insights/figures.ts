// The figures of a set of orders, and their sum over slices and days: plain functions, no database.
// Every figure is a sum or a count (the median's minutes are kept as a tally), so the figures of a
// period are the sum of its days' and a day's the sum of its slices'.
import { dayIn, nextDay, startOfDayIn } from '@shop/contracts';
import type { OrderForFigures } from '../orders/orders';
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

export function noFigures(): Figures {
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

/** Adds the `counted` fields of `amounts` to the entry of `list` that `same` finds, or appends a copy. */
function tally<T extends object>(
  list: T[],
  same: (entry: T) => boolean,
  amounts: T,
  counted: Array<keyof T>,
): void {
  const entry = list.find(same);
  if (!entry) {
    list.push({ ...amounts });
    return;
  }
  for (const field of counted)
    (entry[field] as number) = (entry[field] as number) + (amounts[field] as number);
}

/**
 * The figures of the orders placed in one slice. `approvedAt` holds when the customer approved each
 * approved order's proof (by order id); `cartsStarted` is counted apart (carts are not orders).
 */
export function figuresOf(
  orders: OrderForFigures[],
  approvedAt: Map<string, Date>,
  cartsStarted: number,
): Figures {
  const figures = { ...noFigures(), cartsStarted };
  for (const order of orders) {
    figures.placed += 1;
    tally(
      figures.byStatus,
      (entry) => entry.status === order.status,
      { status: order.status, orders: 1 },
      ['orders'],
    );
    if (order.paymentStatus !== 'paid') continue;
    figures.paid += 1;
    figures.chargedCents += order.totalCents;
    figures.refundedCents += order.refundedCents ?? 0;

    const approved = approvedAt.get(order._id.toString());
    const proofSentAt = order.proof?.awaitingSince ?? order.paidAt;
    if (approved && proofSentAt) {
      const minutes = Math.max(
        0,
        Math.floor((approved.getTime() - new Date(proofSentAt).getTime()) / 60_000),
      );
      tally(figures.approvals, (entry) => entry.minutes === minutes, { minutes, orders: 1 }, [
        'orders',
      ]);
    }

    if (order.status === 'cancelled') {
      figures.cancelled += 1;
      continue;
    }
    // What sold: the orders kept.
    if (order.discountCode)
      tally(
        figures.codes,
        (entry) => entry.code === order.discountCode,
        {
          code: order.discountCode,
          uses: 1,
          discountCents: order.discountCents,
        },
        ['uses', 'discountCents'],
      );
    const materials = new Set<string>();
    const sizes = new Set<string>();
    for (const item of order.items) {
      const { material, width, height } = item.productConfig;
      tally(
        figures.materials,
        (entry) => entry.material === material,
        {
          material,
          labels: item.quantity,
          orders: materials.has(material) ? 0 : 1,
          salesCents: item.totalCents,
        },
        ['labels', 'orders', 'salesCents'],
      );
      materials.add(material);
      const size = `${width}x${height}`;
      tally(
        figures.sizes,
        (entry) => entry.width === width && entry.height === height,
        {
          width,
          height,
          labels: item.quantity,
          orders: sizes.has(size) ? 0 : 1,
        },
        ['labels', 'orders'],
      );
      sizes.add(size);
    }
  }
  return figures;
}

/** The sum of several slices' or days' figures. */
export function sumFigures(parts: Figures[]): Figures {
  const sum = noFigures();
  for (const part of parts) {
    sum.placed += part.placed;
    sum.paid += part.paid;
    sum.cancelled += part.cancelled;
    sum.chargedCents += part.chargedCents;
    sum.refundedCents += part.refundedCents;
    sum.cartsStarted += part.cartsStarted;
    for (const entry of part.byStatus)
      tally(sum.byStatus, (other) => other.status === entry.status, entry, ['orders']);
    for (const entry of part.materials)
      tally(sum.materials, (other) => other.material === entry.material, entry, [
        'labels',
        'orders',
        'salesCents',
      ]);
    for (const entry of part.codes)
      tally(sum.codes, (other) => other.code === entry.code, entry, ['uses', 'discountCents']);
    for (const entry of part.approvals)
      tally(sum.approvals, (other) => other.minutes === entry.minutes, entry, ['orders']);
  }
  // Sizes may be many: summed through a map.
  const sizes = new Map<string, Figures['sizes'][number]>();
  for (const part of parts)
    for (const entry of part.sizes) {
      const key = `${entry.width}x${entry.height}`;
      const known = sizes.get(key);
      if (known) {
        known.labels += entry.labels;
        known.orders += entry.orders;
      } else sizes.set(key, { ...entry });
    }
  sum.sizes = [...sizes.values()];
  return sum;
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
  return count % 2 === 1 ? at((count - 1) / 2) : (at(count / 2 - 1) + at(count / 2)) / 2;
}
