// An order's history as its customer and as an admin read it, from its events (events.ts).
import type { AdminOrderDetail, OrderDetail, OrderNote, OrderStatus } from '@shop/contracts';
import { toAdminOrder, toHistoryEntry } from './answers';
import { insertNoteEvent, listOrderEvents } from './events';
import type { OrderRecord } from './model';
import { loadOrder } from './order-access';

/**
 * One order as its customer (or the holder of its guest link) sees it: the history fields, where it
 * goes, and its steps with dates: placed, then each state it entered (the admins' names stay out).
 */
export async function orderDetail(order: OrderRecord): Promise<OrderDetail> {
  const events = await listOrderEvents(order);
  return {
    ...toHistoryEntry(order),
    customerInfo: order.customerInfo,
    paidAt: order.paidAt?.toISOString() ?? null,
    history: [
      { at: order.createdAt.toISOString(), status: 'pending_payment' as const },
      ...events.flatMap((event) =>
        event.kind === 'move' && event.to && event.to !== 'pending_payment'
          ? [{ at: event.at.toISOString(), status: event.to }]
          : [],
      ),
    ],
  };
}

/**
 * One order as an admin sees it, with its history, proof history and notes, oldest first, and the
 * text engraved on each line a proof revision changed (`engraved`: the proofs module's, by line id).
 */
export async function adminOrderDetail(
  id: string,
  engraved: (order: OrderRecord) => Promise<ReadonlyMap<string, string>>,
): Promise<AdminOrderDetail> {
  const order = await loadOrder(id);
  const events = await listOrderEvents(order);
  const texts = await engraved(order);
  return {
    ...toAdminOrder(order),
    engravedTexts: order.items.flatMap(({ lineId, productConfig }) => {
      const text = texts.get(lineId);
      return text !== undefined && text !== productConfig.customText ? [{ lineId, text }] : [];
    }),
    history: events
      .filter((event) => event.kind === 'move' && event.to)
      .map((event) => ({
        at: event.at.toISOString(),
        by: event.by,
        from: event.from,
        to: event.to as OrderStatus,
        note: event.note,
      })),
    proofHistory: events
      .filter((event) => event.kind === 'proof')
      .map((event) => ({ at: event.at.toISOString(), by: event.by, text: event.note ?? '' })),
    adminNotes: events
      .filter((event) => event.kind === 'note')
      .map((event) => ({
        id: event._id,
        at: event.at.toISOString(),
        by: event.by ?? '',
        text: event.note ?? '',
      })),
  };
}

export async function addOrderNote(
  id: string,
  text: string,
  { by }: { by: string },
): Promise<OrderNote> {
  await loadOrder(id);
  const note = await insertNoteEvent({ orderId: id, at: new Date(), by, text });
  return { id: note._id, at: note.at.toISOString(), by, text };
}
