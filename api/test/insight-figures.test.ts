// The dashboard's arithmetic without a database: slices of a day in the shop's time zone (a clock
// change makes a day of 23 or 25 hours), the figures of a set of orders, their sums, the median.
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import type { ChargeForFigures, OrderForFigures } from '../src/modules/orders/orders';
import {
  figuresOf,
  medianMinutes,
  sliceOf,
  slicesOfDay,
  sumFigures,
} from '../src/modules/insights/figures';

const ZONE = 'America/New_York';

describe('slices of a day', () => {
  it('are the hours from midnight in the zone, 23 on the day clocks go forward and 25 on the day they go back', () => {
    expect(slicesOfDay('2026-06-01', ZONE)).toHaveLength(24);
    expect(slicesOfDay('2026-03-08', ZONE)).toHaveLength(23);
    expect(slicesOfDay('2026-11-01', ZONE)).toHaveLength(25);
    const june = slicesOfDay('2026-06-01', ZONE);
    expect(june[0]!.start.toISOString()).toBe('2026-06-01T04:00:00.000Z');
    expect(june.at(-1)!.end.toISOString()).toBe('2026-06-02T04:00:00.000Z');
  });

  it('hold every instant of the day once, in a zone whose offset is not whole hours', () => {
    const slices = slicesOfDay('2026-06-01', 'Asia/Kolkata');
    expect(slices[0]!.start.toISOString()).toBe('2026-05-31T18:30:00.000Z');
    for (let i = 1; i < slices.length; i++) expect(slices[i]!.start).toEqual(slices[i - 1]!.end);
    expect(sliceOf(new Date('2026-06-01T18:29:59.999Z'), 'Asia/Kolkata').key).toBe('2026-06-01#23');
    expect(sliceOf(new Date('2026-06-01T18:30:00.000Z'), 'Asia/Kolkata').key).toBe('2026-06-02#0');
  });
});

function order(fields: Partial<OrderForFigures>): OrderForFigures {
  return {
    _id: new Types.ObjectId(),
    createdAt: new Date(),
    status: 'processing',
    paymentStatus: 'paid',
    discountCode: null,
    discountCents: 0,
    items: [],
    proof: null,
    paidAt: new Date(),
    ...fields,
  };
}

/** An order's charge: its total, when it was paid, its status now. */
const chargeOf = (placed: OrderForFigures, totalCents: number): ChargeForFigures => ({
  _id: placed._id,
  status: placed.status,
  totalCents,
  paidAt: placed.paidAt!,
});

const line = (material: string, width: number, height: number, quantity: number, cents: number) =>
  ({
    lineId: 'l',
    productConfig: {
      material,
      width,
      height,
      color: 'black-white',
      mounting: 'adhesive',
      customText: '',
    },
    files: [],
    quantity,
    unitCents: cents / quantity,
    totalCents: cents,
  }) as OrderForFigures['items'][number];

describe('figures', () => {
  it('count the charges and refunds made in the slice whichever day their orders were placed, and the funnel, the statuses and what sold over the orders placed in it', () => {
    const kept = order({
      discountCode: 'TEN',
      discountCents: 200,
      items: [line('phenolic', 3, 2, 4, 1800), line('phenolic', 3, 2, 1, 200)],
    });
    const cancelled = order({
      status: 'cancelled',
      discountCode: 'TEN',
      items: [line('indoor', 1, 1, 9, 500)],
    });
    // Placed here and paid in a later slice: the funnel's and what sold here, its charge there.
    const paidLater = order({ items: [line('indoor', 2, 1, 3, 900)] });
    // Placed in an earlier slice, paid (and cancelled) in this one.
    const placedEarlier = order({ status: 'cancelled' });
    const figures = figuresOf({
      placed: [
        kept,
        cancelled,
        paidLater,
        order({ status: 'pending_payment', paymentStatus: 'unpaid', paidAt: null }),
      ],
      charges: [chargeOf(kept, 2000), chargeOf(cancelled, 500), chargeOf(placedEarlier, 1200)],
      // The cancelled order's refund, and one of an order placed on an earlier day.
      refunds: [
        { _id: cancelled._id, refundedAt: new Date(), refundedCents: 500 },
        { _id: new Types.ObjectId(), refundedAt: new Date(), refundedCents: 300 },
      ],
      approvedAt: new Map(),
      cartsStarted: 3,
    });
    expect(figures).toMatchObject({
      placed: 4,
      paid: 3,
      charges: 3,
      cancelled: 2,
      chargedCents: 3700,
      refundedCents: 800,
      cartsStarted: 3,
      materials: [
        { material: 'phenolic', labels: 5, orders: 1, salesCents: 2000 },
        { material: 'indoor', labels: 3, orders: 1, salesCents: 900 },
      ],
      codes: [{ code: 'TEN', uses: 1, discountCents: 200 }],
    });
    const doubled = sumFigures([figures, figures]);
    expect(doubled).toMatchObject({ paid: 6, charges: 6, cancelled: 4, chargedCents: 7400 });
    expect(doubled.sizes).toEqual([
      { width: 3, height: 2, labels: 10, orders: 2 },
      { width: 2, height: 1, labels: 6, orders: 2 },
    ]);
    expect(doubled.byStatus).toEqual([
      { status: 'processing', orders: 4 },
      { status: 'cancelled', orders: 2 },
      { status: 'pending_payment', orders: 2 },
    ]);
  });

  it('keep the minutes to approval as a tally whose median is the middle order, or the mean of the middle two', () => {
    expect(medianMinutes([])).toBeNull();
    expect(medianMinutes([{ minutes: 90, orders: 1 }])).toBe(90);
    expect(
      medianMinutes([
        { minutes: 600, orders: 1 },
        { minutes: 5, orders: 2 },
      ]),
    ).toBe(5);
    expect(
      medianMinutes([
        { minutes: 10, orders: 1 },
        { minutes: 20, orders: 1 },
        { minutes: 7, orders: 1 },
        { minutes: 1000, orders: 1 },
      ]),
    ).toBe(15);
    // In whole minutes: the middle two's mean rounded.
    expect(
      medianMinutes([
        { minutes: 10, orders: 1 },
        { minutes: 11, orders: 1 },
      ]),
    ).toBe(11);
  });
});
