// Numbered series across orders (docs/product.md section 12): a paid order records each series line's
// last number, and "Order again" continues a series after the highest number the order's owner
// ordered under it (the same text and code templates), or repeats it as it was.
import { createHash } from 'node:crypto';
import { describeSeries, seriesLast, type OrderedProductConfig } from '@shop/contracts';
import { insertUnlessTaken, trusted } from '../../platform/db';
import { ownerKeyOf } from '../cart/cart';
import { OrderedSeriesModel, type OrderRecord, type OrderedSeriesRecord } from './model';

/** Which series a line continues: its text and code templates (not its numbers or padding). */
function seriesKeyOf(config: OrderedProductConfig): string {
  return createHash('sha256')
    .update(
      JSON.stringify([config.customText, config.code?.type ?? null, config.code?.value ?? null]),
    )
    .digest('hex');
}

/** Whose numbers the order's series count as: the key its owner's cart has. */
const ownerKeyOfOrder = (order: OrderRecord, customerId = order.customerId?.toString()) =>
  ownerKeyOf({ sessionId: order.sessionId, customerId });

/** Records the paid order's series lines; twice records each once. */
export async function recordOrderedSeries(order: OrderRecord, at: Date): Promise<void> {
  const owner = ownerKeyOfOrder(order);
  for (const item of order.items) {
    const series = item.productConfig.series;
    if (!series) continue;
    await insertUnlessTaken(() =>
      OrderedSeriesModel.create({
        _id: `${order._id.toString()}:${item.lineId}`,
        owner,
        seriesKey: seriesKeyOf(item.productConfig),
        last: seriesLast(series, item.quantity),
        orderId: order._id,
        at,
      }),
    );
  }
}

/**
 * A series line whose text a proof revision changed (PUMP {n} to PMP {n}): its numbers count under
 * the new text too, so continuing an order of "PMP {n}" never repeats them. Recorded when the
 * revision is made (numbers skipped for a revision never approved are safer than numbers engraved
 * twice); once per revision.
 */
export async function recordRevisedSeries(
  order: OrderRecord,
  { lineId, customText, revision }: { lineId: string; customText: string; revision: number },
  at: Date,
): Promise<void> {
  const item = order.items.find((line) => line.lineId === lineId);
  const series = item?.productConfig.series;
  if (!item || !series) return;
  await insertUnlessTaken(() =>
    OrderedSeriesModel.create({
      _id: `${order._id.toString()}:${lineId}:${revision}`,
      owner: ownerKeyOfOrder(order),
      seriesKey: seriesKeyOf({ ...item.productConfig, customText }),
      last: seriesLast(series, item.quantity),
      orderId: order._id,
      at,
    }),
  );
}

interface SeriesChoice {
  lineId: string;
  quantity: number;
  /** The series as ordered: "PUMP 1501 to PUMP 2000". */
  repeat: string;
  /** Its continuation: "PUMP 2001 to PUMP 2500", starting after the highest number ordered. */
  continue: string;
  nextStart: number;
}

/** The highest number recorded under this series for this owner; 0 for none. */
async function highestOrdered(owner: string, seriesKey: string): Promise<number> {
  const ordered = await OrderedSeriesModel.findOne({ owner, seriesKey })
    .sort({ last: -1 })
    .lean<OrderedSeriesRecord>();
  return ordered?.last ?? 0;
}

/**
 * For each series line of the order: what repeating and what continuing it would give. The numbers
 * are the order's owner's (whoever asks: its guest link's holder too), and a line counts as the
 * series it was ordered under and the one it was engraved under (`engraved`, by line id: a proof's
 * revision may have changed its text, and an order placed again from it carries the engraved text).
 */
export async function seriesChoices(
  order: OrderRecord,
  engraved: ReadonlyMap<string, string>,
): Promise<SeriesChoice[]> {
  const owner = ownerKeyOfOrder(order);
  const choices: SeriesChoice[] = [];
  // The last number each series' continuation gives an earlier line of this order: two lines of one
  // series continue one after the other, never with the same numbers.
  const continuedTo = new Map<string, number>();
  for (const item of order.items) {
    const config = item.productConfig;
    const series = config.series;
    if (!series) continue;
    const customText = engraved.get(item.lineId) ?? config.customText;
    const keys = new Set([seriesKeyOf(config), seriesKeyOf({ ...config, customText })]);
    let highest = seriesLast(series, item.quantity);
    for (const key of keys) {
      const recorded = continuedTo.get(key) ?? (await highestOrdered(owner, key));
      highest = Math.max(highest, recorded);
    }
    const nextStart = highest + series.step;
    const continuedLast = seriesLast({ ...series, start: nextStart }, item.quantity);
    for (const key of keys) continuedTo.set(key, continuedLast);
    const line = { customText, code: config.code ?? null };
    choices.push({
      lineId: item.lineId,
      quantity: item.quantity,
      repeat: describeSeries({ ...line, series }, item.quantity),
      continue: describeSeries({ ...line, series: { ...series, start: nextStart } }, item.quantity),
      nextStart,
    });
  }
  return choices;
}

/** A guest order joined its customer's account: its series count as the customer's from now on. */
export async function moveOrderedSeriesTo(order: OrderRecord, customerId: string): Promise<void> {
  const orderId = order._id.toString();
  await OrderedSeriesModel.updateMany(
    { _id: trusted({ $gte: `${orderId}:`, $lt: `${orderId};` }) },
    { $set: { owner: ownerKeyOfOrder(order, customerId) } },
  );
}
