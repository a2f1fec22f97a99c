// Orders as the API answers them (docs/product.md section 3), in dollars with two decimals.
import type { CartResponse } from './cart';
import type { CustomerInfo } from './checkout';
import type { UploadedFileRef } from './label-configuration';
import type { Color, Material, Mounting } from './label-options';
import type { ProofHistoryEntry, ProofStatus } from './proof-workflow';
import type { KeptSheetRows, LabelCode, LabelSeries } from './asset-tags';

/**
 * pending_payment until the card is approved (never shown to the customer; expired after 24 h unpaid),
 * then awaiting_proof until the customer approves the proof (straight to processing when they chose to
 * skip it), processing -> shipped -> completed, or cancelled (with a refund) from awaiting_proof,
 * processing or shipped (docs/product.md, "Proofs").
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'awaiting_proof',
  'processing',
  'shipped',
  'completed',
  'cancelled',
  'expired',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  awaiting_proof: 'Awaiting proof approval',
  processing: 'Processing',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired (never paid)',
};

/** What the customer and the admin read while the shop makes the proof revision the customer asked for. */
export const REVISING_PROOF = 'Revising proof';

/**
 * An order's state as its pages and lists show it: its stored status, except that an order awaiting
 * proof approval whose customer asked for changes (no new revision sent yet) waits on the shop, not
 * on the customer. The stored status stays awaiting_proof (docs/product.md section 4, "Proofs").
 */
export function shownStatusLabel(status: OrderStatus, proofStatus: ProofStatus | null): string {
  if (status === 'awaiting_proof' && proofStatus === 'changes_requested') return REVISING_PROOF;
  return ORDER_STATUS_LABELS[status];
}

/** Whether the order waits on the customer's answer to its proof (the proof's call to action leads). */
export function waitsForProofAnswer(status: OrderStatus, proofStatus: ProofStatus | null): boolean {
  return status === 'awaiting_proof' && proofStatus !== 'changes_requested';
}

/** The moves an order may make; anything else is refused. */
export const ORDER_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['awaiting_proof', 'processing', 'expired'],
  // Only with the proof approved, or an admin's override with its reason (api lifecycle checks it).
  awaiting_proof: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
  expired: [],
};

export const CARRIERS = ['USPS', 'UPS', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** Where a parcel is tracked; null for another carrier without a tracking page given. */
export function trackingUrlFor(carrier: Carrier, trackingNumber: string): string | null {
  const number = encodeURIComponent(trackingNumber);
  if (carrier === 'USPS') return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`;
  if (carrier === 'UPS') return `https://www.ups.com/track?tracknum=${number}`;
  return null;
}

export interface Shipment {
  carrier: Carrier;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: string;
}

/** 'charging' only while a payment is in flight (two calls for one order charge once). */
export const PAYMENT_STATUSES = ['unpaid', 'charging', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The label as it was ordered (the cart line's configuration, frozen into the order). */
export interface OrderedProductConfig {
  material: Material;
  width: number;
  height: number;
  color: Color;
  mounting: Mounting;
  customText: string;
  /** Asset tags (docs/product.md section 12): absent or null on a plain label. */
  series?: LabelSeries | null;
  code?: LabelCode | null;
  /** The checked spreadsheet's rows, with its name as uploaded and its first label. */
  rows?: KeptSheetRows | null;
}

export interface OrderItem {
  id: string;
  productConfig: OrderedProductConfig;
  files: UploadedFileRef[];
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  /**
   * The text engraved where a proof revision changed the one ordered (the last revision's); null or
   * absent otherwise, and in answers that do not read the proof (the customer's history has it).
   */
  engravedText?: string | null;
}

/**
 * The states in which the proof is approved (or was skipped) and the labels may be engraved: the
 * engraver's production files are made only then.
 */
export const PRODUCTION_STATUSES: readonly OrderStatus[] = ['processing', 'shipped', 'completed'];

/** 201 of POST /api/orders (200 when the session's unpaid order for the same cart is reused). */
export interface CreatedOrder {
  orderId: string;
  orderNumber: number;
  total: number;
}

/**
 * The header of a list paged by key (GET /api/orders, the admin's customers) that names the id to ask
 * `before` for the next page; absent after the last page. Here, away from zod, for the order pages.
 */
export const NEXT_BEFORE_HEADER = 'x-next-before';

/** One order of GET /api/orders (the signed-in customer's history, newest first). */
export interface OrderHistoryEntry {
  id: string;
  orderNumber: number;
  createdAt: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  subtotal: number;
  discountCode: string | null;
  discountAmount: number;
  shipping: number;
  tax: number;
  /** The region the tax was charged for (a state), or null when none was. */
  taxRegion: string | null;
  total: number;
  notes: string | null;
  items: OrderItem[];
  shipment: Shipment | null;
  /** Dollars given back when the order was cancelled; 0 otherwise. */
  refunded: number;
  /**
   * Where the proof stands (null before payment), so a list can tell "waiting for your approval"
   * from "the shop is revising the proof" while the order's status is awaiting_proof for both.
   */
  proofStatus: ProofStatus | null;
}

/** An order as the admin sees it: the history fields plus who ordered and the payment. */
export interface AdminOrder extends OrderHistoryEntry {
  customerId: string | null;
  /** The account customerId names was deleted (the order stays, as sold). */
  accountDeleted: boolean;
  guestEmail: string | null;
  customerInfo: CustomerInfo;
  paymentId: string | null;
  paidAt: string | null;
  updatedAt: string;
  /**
   * A cancel whose refund the payment provider never answered (it may have been made): the order is
   * held for it, and only cancelling again finishes it, with this refund. Null otherwise.
   */
  refundPending?: { amount: number; askedAt: string } | null;
  /**
   * When the refund was made (the day the books and the dashboard file it under); null when nothing
   * was refunded.
   */
  refundedAt?: string | null;
  /**
   * Why the refund was made, as the payment provider was told it (the admin's reason, else
   * "Order #1001 cancelled"); null when nothing was refunded or its reason was not kept.
   */
  refundReason?: string | null;
}

/** One move of an order: who (null: the shop itself, e.g. the payment or the expiry sweep), when, from, to. */
export interface OrderHistoryMove {
  at: string;
  by: string | null;
  from: OrderStatus | null;
  to: OrderStatus;
  note: string | null;
}

/** An admin's internal note on an order (never shown to the customer). */
export interface OrderNote {
  id: string;
  at: string;
  by: string;
  text: string;
}

/** GET /api/admin/orders/{id} */
export interface AdminOrderDetail extends AdminOrder {
  history: OrderHistoryMove[];
  adminNotes: OrderNote[];
  /** The proof step's events (sent, reminded, approved, changes requested, overridden), oldest first. */
  proofHistory: ProofHistoryEntry[];
  /** The lines a proof revision gave other text: what is engraved, by line id. */
  engravedTexts: Array<{ lineId: string; text: string }>;
}

/** One step of an order's life as its customer sees it: the state it entered and when. */
export interface OrderStep {
  at: string;
  status: OrderStatus;
}

/**
 * GET /api/orders/{id} and GET /api/orders/by-number/{orderNumber}: one order for its owner or the
 * holder of its guest link, with the shipping details and the dated steps of its life.
 */
export interface OrderDetail extends OrderHistoryEntry {
  customerInfo: CustomerInfo;
  paidAt: string | null;
  history: OrderStep[];
}

/** A reordered line whose price today differs from what the order paid. */
export interface ReorderPriceChange {
  orderLineId: string;
  description: string;
  quantity: number;
  orderedUnitPrice: number;
  unitPrice: number;
}

/** A file of the order that is no longer on file, so its line went into the cart without it. */
export interface ReorderMissingArtwork {
  orderLineId: string;
  originalName: string;
}

/** POST /api/orders/{id}/reorder: a numbered series is repeated as ordered, or continued. */
export const REORDER_SERIES_CHOICES = ['repeat', 'continue'] as const;

/** GET /api/orders/{id}/reorder: each series line of the order, repeated and continued. */
export interface ReorderSeriesChoice {
  lineId: string;
  quantity: number;
  repeat: string;
  continue: string;
  nextStart: number;
}

/**
 * A line whose proof changed its text: it goes into the cart with the engraved text (the proof's
 * current revision's), not the text first ordered.
 */
export interface ReorderTextChange {
  orderLineId: string;
  orderedText: string;
  engravedText: string;
}

export interface ReorderResult {
  cart: CartResponse;
  added: number;
  priceChanges: ReorderPriceChange[];
  missingArtwork: ReorderMissingArtwork[];
  textChanges: ReorderTextChange[];
}

/** POST /api/orders/lookup: always this answer, matched or not (no enumeration). */
export const ORDER_LOOKUP_MESSAGE =
  'If that order number belongs to that email address, a link to the order is on its way to it. It can take a few minutes to arrive.';
