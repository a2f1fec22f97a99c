// Orders as the API answers them (contracts' orders-answers.ts), in dollars.
import { toDollars, type AdminOrder, type OrderHistoryEntry } from '@shop/contracts';
import type { OrderRecord } from './model';

/** The engraved text where it differs from the one ordered, else null. */
const changedText = (ordered: string, engraved: string | undefined) =>
  engraved !== undefined && engraved !== ordered ? engraved : null;

/**
 * An order as its lists answer it. `engraved`: each line's text as the proof's last revision has it,
 * by line id (proofs' engravedTextsOf), where the caller read it; a line it changed says so.
 */
export function toHistoryEntry(
  order: OrderRecord,
  engraved: ReadonlyMap<string, string> = new Map(),
): OrderHistoryEntry {
  return {
    id: order._id.toString(),
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    paymentStatus: order.paymentStatus,
    subtotal: toDollars(order.subtotalCents),
    discountCode: order.discountCode,
    discountAmount: toDollars(order.discountCents),
    shipping: toDollars(order.shippingCents),
    tax: toDollars(order.taxCents),
    taxRegion: order.taxRegion,
    total: toDollars(order.totalCents),
    notes: order.notes,
    shipment: order.shipment
      ? { ...order.shipment, shippedAt: new Date(order.shipment.shippedAt).toISOString() }
      : null,
    refunded: toDollars(order.refundedCents ?? 0),
    proofStatus: order.proof?.status ?? null,
    items: order.items.map((item) => ({
      id: item.lineId,
      productConfig: item.productConfig,
      files: item.files,
      quantity: item.quantity,
      unitPrice: toDollars(item.unitCents),
      totalPrice: toDollars(item.totalCents),
      engravedText: changedText(item.productConfig.customText, engraved.get(item.lineId)),
    })),
  };
}

export function toAdminOrder(order: OrderRecord): AdminOrder {
  return {
    ...toHistoryEntry(order),
    customerId: order.customerId?.toString() ?? null,
    accountDeleted: order.accountDeleted === true,
    guestEmail: order.guestEmail,
    customerInfo: order.customerInfo,
    paymentId: order.paymentId,
    paidAt: order.paidAt?.toISOString() ?? null,
    updatedAt: order.updatedAt.toISOString(),
    refundPending: refundPendingOf(order),
    refundedAt: order.refundedAt ? new Date(order.refundedAt).toISOString() : null,
    // '' on a refund made before the reason was kept whose cancel note said none (migrations).
    refundReason: order.refundReason || null,
  };
}

/** The refund of a cancel the payment provider never answered (moves.ts), as the admin reads it. */
function refundPendingOf({ pendingMove: move }: OrderRecord): AdminOrder['refundPending'] {
  if (move?.to !== 'cancelled' || !move.unanswered) return null;
  return {
    amount: toDollars(move.refund?.amountCents ?? 0),
    askedAt: new Date(move.at).toISOString(),
  };
}
