// Orders as the API answers them (contracts' orders-answers.ts), in dollars.
import { toDollars, type AdminOrder, type OrderHistoryEntry } from '@shop/contracts';
import type { OrderRecord } from './model';

export function toHistoryEntry(order: OrderRecord): OrderHistoryEntry {
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
    })),
  };
}

export function toAdminOrder(order: OrderRecord): AdminOrder {
  return {
    ...toHistoryEntry(order),
    customerId: order.customerId?.toString() ?? null,
    guestEmail: order.guestEmail,
    customerInfo: order.customerInfo,
    taxRegion: order.taxRegion,
    paymentId: order.paymentId,
    paidAt: order.paidAt?.toISOString() ?? null,
    updatedAt: order.updatedAt.toISOString(),
  };
}
