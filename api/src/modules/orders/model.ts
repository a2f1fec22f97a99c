import mongoose, { Schema, type Types } from 'mongoose';
import { NAME_WORD_KEYS, type NameWordKeys } from '../../platform/search-keys';
import type {
  Carrier,
  CustomerInfo,
  OrderStatus,
  OrderedProductConfig,
  PaymentStatus,
  ProofStatus,
} from '@shop/contracts';

/** One label as ordered: the cart line frozen with its price, so later price changes do not touch it. */
export interface OrderItemRecord {
  lineId: string;
  productConfig: OrderedProductConfig;
  files: Array<{ hashedName: string; originalName: string }>;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

/** What the payer typed with the card (docs/product.md section 3, "Customer info sent at payment"). */
export interface PaymentContact {
  customerName: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  customerCompany: string | null;
  customerAddress: string | null;
  customerZipCode: string | null;
}

/**
 * Where the proof stands (docs/product.md, "Proofs"). Each decision is first taken as an event under a
 * unique id (one decision per revision), then copied here for reading.
 */
export interface OrderProofState {
  status: ProofStatus;
  /** The current revision: 1 at payment, 2, 3, ... for each revision the shop makes. */
  revision: number;
  /** When the current revision was sent (reminders count from it). */
  sentAt: Date;
  /** When the order started waiting for approval (the 14 days count from it). */
  awaitingSince: Date;
}

/**
 * An admin's move under way (moves.ts): taken by a conditional update on the order in its state, so
 * of two moves out of one state one wins; what it records (a cancel's refund, a ship's parcel) lets
 * a retry finish a move whose call stopped before its status write.
 */
export interface PendingMove {
  from: OrderStatus;
  to: OrderStatus;
  at: Date;
  by: string | null;
  note: string | null;
  /**
   * A cancel's refund. `idempotencyKey`: what the provider knows it by, one per cancel, so a cancel
   * after a refused one asks for a new refund; absent on a move recorded before it existed, whose
   * key was `refund-{orderId}`.
   */
  refund: { amountCents: number; reason: string; idempotencyKey?: string } | null;
  shipment: OrderRecord['shipment'];
  /**
   * Its call ended without the payment provider's answer to its refund (which may have been made):
   * only this move may finish it, and a retry of it does so at once (moves.ts, cancelOrder).
   */
  unanswered?: boolean;
}

/**
 * An order; money in integer cents (the API answers in dollars). NameWordKeys: the full name's keys
 * from its later words (platform/search-keys.ts, nameWordKeysOf), for the admin's search.
 */
export interface OrderRecord extends NameWordKeys {
  _id: Types.ObjectId;
  orderNumber: number;
  /**
   * Placing an order once (placing.ts): the owner and the cart's fingerprint, and the how-many-th
   * placing of that very cart this is; unique together, so a retried or doubled checkout finds the
   * order instead of making a second one.
   */
  cartKey: string;
  placing: number;
  /** The guest session (x-session-id) that placed it; a guest's order is theirs through it. */
  sessionId: string;
  customerId: Types.ObjectId | null;
  guestEmail: string | null;
  customerInfo: CustomerInfo;
  /**
   * Lower-cased customer email, its domain (the part after '@'), first and last name: the admin's
   * search (search.ts).
   */
  emailKey: string;
  emailDomainKey: string;
  firstNameKey: string;
  lastNameKey: string;
  items: OrderItemRecord[];
  subtotalCents: number;
  discountCode: string | null;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  taxRegion: string | null;
  totalCents: number;
  notes: string | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** When the payment in flight started: a call stuck past a time limit may be taken over. */
  chargingSince: Date | null;
  /** A use of discountCode is held for this order (taken before charging, given back on a decline). */
  discountReserved: boolean;
  /**
   * The code the order was placed with, by id: its payment takes the use from that code and a decline
   * gives it back there, never to another made later under the same name (null on an order placed
   * before it was kept: its use is taken and given back by name).
   */
  discountCodeId?: Types.ObjectId | null;
  /** The account the order is in (customerId) was deleted by an admin; the order stays, as sold. */
  accountDeleted?: boolean;
  paymentId: string | null;
  paidAt: Date | null;
  /**
   * When what follows the payment (its history, the emails, the cart emptied) was done; null on a paid
   * order means the paying call stopped first, and a retry or the sweep finishes it (payments.ts).
   */
  settledAt: Date | null;
  /** The sweep told the operator about a charge left in flight (payments/expiry.ts), once. */
  chargeStuckReportedAt: Date | null;
  paymentContact: PaymentContact | null;
  lastPaymentError: string | null;
  /**
   * Cards declined for this order within an hour of each other, and when the last was (payments.ts
   * limits how many a card tester may try on one order). Missing on orders placed before the count.
   */
  declinedPayments?: number;
  lastDeclinedAt?: Date | null;
  /**
   * The charge requests this order sent whose answer was a refusal (a decline): each next request
   * goes under a key of its own (payments.ts, chargeKeyOf), as Square refuses a key sent again with
   * another card. Missing on orders placed before it: none.
   */
  chargeAttempts?: number;
  /** The card token of the charge under way, as its claim wrote it (a takeover sends it again). */
  chargingToken?: string | null;
  /**
   * The card token of the last charge request whose answer never came (a timeout, a 5xx): it may have
   * charged, so the next attempt sends that very request again, and the provider answers it with
   * what it did (payments.ts). Null otherwise.
   */
  unansweredToken?: string | null;
  /** Hash of what the order was made of: the same unchanged cart reuses its unpaid order. */
  cartFingerprint: string;
  /**
   * The revision of the cart it was placed from (cart model): paid, the order takes that cart away
   * whole while it is still at that revision. Null on orders placed before revisions.
   */
  cartRevision: string | null;
  /**
   * The start of the cart it was placed from (cart model, startedBy and startedAt: the line that
   * started it, and when), for the admin's funnel: paying takes the cart away, the order keeps its
   * start. Null when the cart held none (written before starts were kept in carts, whose start is in
   * cart_starts) and on orders placed before.
   */
  cartStartedBy: string | null;
  cartStartedAt: Date | null;
  shipment: {
    carrier: Carrier;
    trackingNumber: string;
    trackingUrl: string | null;
    shippedAt: Date;
  } | null;
  /** Given back when cancelled (never more than totalCents). */
  refundedCents: number;
  refundId: string | null;
  /**
   * When the refund was made: the server's clock as the payment provider answered it (moves.ts,
   * cancelOrder). The books and the dashboard file a refund under this day, not its order's
   * (docs/product.md section 11). Null with nothing refunded; missing on orders written before it
   * that refunded nothing (migrations/orders.ts dates those that did).
   */
  refundedAt?: Date | null;
  /**
   * Why the refund was made, as the payment provider was told: the admin's reason, or "Order #N
   * cancelled" without one (moves.ts, cancelOrder); the payments export's column. Null with nothing
   * refunded; missing on orders written before it that refunded nothing (migrations/orders.ts reads
   * it back from the cancel's note for those that did).
   */
  refundReason?: string | null;
  /** "Skip the proof, engrave as shown" was ticked at checkout: paid means processing. */
  skipProof: boolean;
  /** The proof step's state (null until paid); the events and revisions are its history. */
  proof: OrderProofState | null;
  /** When the unanswered proof's reminder is due (proofs/reminders.ts); null when none is. */
  proofReminderDueAt: Date | null;
  pendingMove: PendingMove | null;
  createdAt: Date;
  updatedAt: Date;
}

const orderItemSchema = new Schema<OrderItemRecord>(
  {
    lineId: { type: String, required: true },
    productConfig: { type: Schema.Types.Mixed, required: true },
    files: {
      type: [{ _id: false, hashedName: String, originalName: String }],
      default: [],
    },
    quantity: { type: Number, required: true },
    unitCents: { type: Number, required: true },
    totalCents: { type: Number, required: true },
  },
  { _id: false },
);

const orderSchema = new Schema<OrderRecord>(
  {
    orderNumber: { type: Number, required: true },
    cartKey: { type: String, required: true },
    placing: { type: Number, required: true },
    sessionId: { type: String, required: true },
    customerId: { type: Schema.Types.ObjectId, default: null },
    guestEmail: { type: String, default: null },
    customerInfo: { type: Schema.Types.Mixed, required: true },
    emailKey: { type: String, required: true },
    emailDomainKey: { type: String, required: true },
    firstNameKey: { type: String, required: true },
    lastNameKey: { type: String, required: true },
    nameWord2Key: { type: String, default: null },
    nameWord3Key: { type: String, default: null },
    nameWord4Key: { type: String, default: null },
    nameWord5Key: { type: String, default: null },
    items: { type: [orderItemSchema], required: true },
    subtotalCents: { type: Number, required: true },
    discountCode: { type: String, default: null },
    discountCents: { type: Number, required: true, default: 0 },
    shippingCents: { type: Number, required: true, default: 0 },
    taxCents: { type: Number, required: true, default: 0 },
    taxRegion: { type: String, default: null },
    totalCents: { type: Number, required: true },
    notes: { type: String, default: null },
    status: { type: String, required: true, default: 'pending_payment' },
    paymentStatus: { type: String, required: true, default: 'unpaid' },
    chargingSince: { type: Date, default: null },
    discountReserved: { type: Boolean, required: true, default: false },
    discountCodeId: { type: Schema.Types.ObjectId, default: null },
    accountDeleted: { type: Boolean },
    paymentId: { type: String, default: null },
    paidAt: { type: Date, default: null },
    settledAt: { type: Date, default: null },
    chargeStuckReportedAt: { type: Date, default: null },
    paymentContact: { type: Schema.Types.Mixed, default: null },
    lastPaymentError: { type: String, default: null },
    declinedPayments: { type: Number, default: 0 },
    lastDeclinedAt: { type: Date, default: null },
    chargeAttempts: { type: Number, default: 0 },
    chargingToken: { type: String, default: null },
    unansweredToken: { type: String, default: null },
    cartFingerprint: { type: String, required: true },
    cartRevision: { type: String, default: null },
    cartStartedBy: { type: String, default: null },
    cartStartedAt: { type: Date, default: null },
    shipment: { type: Schema.Types.Mixed, default: null },
    refundedCents: { type: Number, required: true, default: 0 },
    refundId: { type: String, default: null },
    refundedAt: { type: Date, default: null },
    refundReason: { type: String, default: null },
    skipProof: { type: Boolean, required: true, default: false },
    proof: { type: Schema.Types.Mixed, default: null },
    proofReminderDueAt: { type: Date, default: null },
    pendingMove: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
orderSchema.index({ orderNumber: 1 }, { unique: true });
orderSchema.index({ cartKey: 1, placing: -1 }, { unique: true });
// A customer's history, the guest orders an account joins and the admin's search by email: each
// filters on paymentStatus too, so an email's paid orders are one range of the index.
orderSchema.index({ customerId: 1, paymentStatus: 1, createdAt: -1, _id: -1 });
orderSchema.index({ emailKey: 1, paymentStatus: 1, createdAt: -1, _id: -1 });
// The admin's lists: paid orders newest first, by status (and the unpaid-orders sweep), by date.
orderSchema.index({ paymentStatus: 1, createdAt: -1, _id: -1 });
orderSchema.index({ status: 1, createdAt: -1, _id: -1 });
// The admin's search by name or email domain from the start of a word.
orderSchema.index({ firstNameKey: 1, createdAt: -1, _id: -1 });
orderSchema.index({ lastNameKey: 1, createdAt: -1, _id: -1 });
for (const key of NAME_WORD_KEYS) orderSchema.index({ [key]: 1, createdAt: -1, _id: -1 });
orderSchema.index({ emailDomainKey: 1, createdAt: -1, _id: -1 });
// Due work: paid orders whose follow-up a stopped call left, unanswered proofs to remind.
orderSchema.index({ paymentStatus: 1, settledAt: 1 });
orderSchema.index({ proofReminderDueAt: 1 });
// The funnel: the carts started in a stretch of time whose start an order keeps.
orderSchema.index({ cartStartedAt: 1 });
// The admin's insights (modules/insights): the orders written since an instant, oldest first; the
// refunds made in a stretch of time (in the payments export's order, which the key's every field
// fixes; and, at start, the refunds not dated yet: migrations/orders.ts); the charges made in one
// (the dashboard's, and in the payments export's order).
orderSchema.index({ updatedAt: 1, _id: 1 });
orderSchema.index({ refundedAt: 1, refundedCents: 1, _id: 1 });
orderSchema.index({ paidAt: 1, _id: 1 });

export const OrderModel = mongoose.model<OrderRecord>('Order', orderSchema, 'orders');

/**
 * The last order number issued (`{_id: 'orders', value}`), moved on by one `$inc` per order
 * (repository.ts, issueOrderNumber).
 */
interface OrderCounterRecord {
  _id: string;
  value: number;
}

export const OrderCounterModel = mongoose.model<OrderCounterRecord>(
  'OrderCounter',
  new Schema<OrderCounterRecord>(
    { _id: { type: String, required: true }, value: { type: Number, required: true } },
    { versionKey: false },
  ),
  'order_counters',
);

/**
 * The order's history, one document per event, read by `{orderId, at}`. An event that must happen
 * once has an _id of its own, so a retry inserts it once: a move `{orderId}:{to}` (an order enters a
 * state once), a proof event `{orderId}:proof:{key}` (one decision per revision, one override).
 * Notes have ObjectIds.
 */
export interface OrderEventRecord {
  _id: string;
  orderId: Types.ObjectId;
  kind: 'move' | 'note' | 'proof';
  at: Date;
  /** Who: an admin's email, 'customer' for the shopper's payment, null for the shop itself. */
  by: string | null;
  from: OrderStatus | null;
  to: OrderStatus | null;
  note: string | null;
  /** A proof event's details (kind 'proof'): a decision's name or comments, an override's reason. */
  proof?: ProofEventDetails | null;
}

export type ProofEventDetails =
  | { action: 'sent'; revision: number }
  | { action: 'approved'; revision: number; name: string }
  | {
      action: 'changes_requested';
      revision: number;
      comments: Array<{ lineId: string; comment: string }>;
    }
  | { action: 'overridden'; revision: number; reason: string }
  | { action: 'reminded'; revision: number };

const orderEventSchema = new Schema<OrderEventRecord>(
  {
    _id: { type: String, required: true },
    orderId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, required: true, enum: ['move', 'note', 'proof'] },
    at: { type: Date, required: true },
    by: { type: String, default: null },
    from: { type: String, default: null },
    to: { type: String, default: null },
    note: { type: String, default: null },
    proof: { type: Schema.Types.Mixed, default: null },
  },
  { versionKey: false },
);
orderEventSchema.index({ orderId: 1, at: 1, _id: 1 });

export const OrderEventModel = mongoose.model<OrderEventRecord>(
  'OrderEvent',
  orderEventSchema,
  'order_events',
);

/**
 * The numbered series a paid order carries, one document per line (_id `{orderId}:{lineId}`, so a
 * retried settle records it once): whose it is, which series (its text and code templates), and its
 * last number. "Order again" continues a series from the highest number its owner ordered under it:
 * one indexed read, `{owner, seriesKey}` sorted by `last` descending.
 */
export interface OrderedSeriesRecord {
  _id: string;
  /** `customer:{customerId}` or `guest:{sessionId}`, as the cart names owners. */
  owner: string;
  seriesKey: string;
  last: number;
  orderId: Types.ObjectId;
  at: Date;
}

const orderedSeriesSchema = new Schema<OrderedSeriesRecord>(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    seriesKey: { type: String, required: true },
    last: { type: Number, required: true },
    orderId: { type: Schema.Types.ObjectId, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
orderedSeriesSchema.index({ owner: 1, seriesKey: 1, last: -1 });

export const OrderedSeriesModel = mongoose.model<OrderedSeriesRecord>(
  'OrderedSeries',
  orderedSeriesSchema,
  'ordered_series',
);
