// Numbered series across orders (docs/product.md section 12): a paid order records each series line's
// last number, and "Order again" continues a series after the highest number its owner ordered
// under it (the same text and code templates), or repeats it as it was.
import { createHash } from 'node:crypto';
import { describeSeries, seriesLast, type OrderedProductConfig } from '@shop/contracts';
import type { CartOwner } from '../../platform/auth-guards';
import { insertUnlessTaken } from '../../platform/db';
import { OrderedSeriesModel, type OrderRecord, type OrderedSeriesRecord } from './model';

/** Which series a line continues: its text and code templates (not its numbers or padding). */
function seriesKeyOf(config: OrderedProductConfig): string {
  return createHash('sha256')
    .update(
      JSON.stringify([config.customText, config.code?.type ?? null, config.code?.value ?? null]),
    )
    .digest('hex');
}

export const ownerKeyOf = (owner: { customerId?: string | null; sessionId: string }) =>
  owner.customerId ? `customer:${owner.customerId}` : `guest:${owner.sessionId}`;

/** Records the paid order's series lines; twice records each once. */
export async function recordOrderedSeries(order: OrderRecord, at: Date): Promise<void> {
  const owner = ownerKeyOf({
    customerId: order.customerId?.toString() ?? null,
    sessionId: order.sessionId,
  });
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

interface SeriesChoice {
  lineId: string;
  quantity: number;
  /** The series as ordered: "PUMP 1501 to PUMP 2000". */
  repeat: string;
  /** Its continuation: "PUMP 2001 to PUMP 2500", starting after the highest number ordered. */
  continue: string;
  nextStart: number;
}

/** For each series line of the order: what repeating and what continuing it would give. */
export async function seriesChoices(owner: CartOwner, order: OrderRecord): Promise<SeriesChoice[]> {
  const choices: SeriesChoice[] = [];
  for (const item of order.items) {
    const config = item.productConfig;
    const series = config.series;
    if (!series) continue;
    // The highest number this owner ordered under the line's series.
    const ordered = await OrderedSeriesModel.findOne({
      owner: ownerKeyOf(owner),
      seriesKey: seriesKeyOf(config),
    })
      .sort({ last: -1 })
      .lean<OrderedSeriesRecord>();
    const highest = Math.max(ordered?.last ?? 0, seriesLast(series, item.quantity));
    const nextStart = highest + series.step;
    const line = { customText: config.customText, code: config.code ?? null };
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
