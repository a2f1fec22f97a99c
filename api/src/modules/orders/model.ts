import mongoose, { Schema, type Types } from 'mongoose';
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

/** An order; money in integer cents (the API answers in dollars). */
export interface OrderRecord {
  _id: Types.ObjectId;
  orderNumber: number;
  /** The guest session (x-session-id) that placed it; a guest's order is theirs through it. */
  sessionId: string;
  customerId: Types.ObjectId | null;
  guestEmail: string | null;
  customerInfo: CustomerInfo;
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
  paymentId: string | null;
  paidAt: Date | null;
  paymentContact: PaymentContact | null;
  lastPaymentError: string | null;
  /** Hash of what the order was made of: the same unchanged cart reuses its unpaid order. */
  cartFingerprint: string;
  shipment: {
    carrier: Carrier;
    trackingNumber: string;
    trackingUrl: string | null;
    shippedAt: Date;
  } | null;
  /** Given back when cancelled (never more than totalCents). */
  refundedCents: number;
  refundId: string | null;
  /** "Skip the proof, engrave as shown" was ticked at checkout: paid means processing. */
  skipProof: boolean;
  /** The proof step's state (null until paid); the events and revisions are its history. */
  proof: OrderProofState | null;
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
    sessionId: { type: String, required: true },
    customerId: { type: Schema.Types.ObjectId, default: null },
    guestEmail: { type: String, default: null },
    customerInfo: { type: Schema.Types.Mixed, required: true },
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
    paymentId: { type: String, default: null },
    paidAt: { type: Date, default: null },
    paymentContact: { type: Schema.Types.Mixed, default: null },
    lastPaymentError: { type: String, default: null },
    cartFingerprint: { type: String, required: true },
    shipment: { type: Schema.Types.Mixed, default: null },
    refundedCents: { type: Number, required: true, default: 0 },
    refundId: { type: String, default: null },
    skipProof: { type: Boolean, required: true, default: false },
    proof: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
orderSchema.index({ orderNumber: 1 }, { unique: true });
orderSchema.index({ customerId: 1, createdAt: -1 });
orderSchema.index({ status: 1, createdAt: -1 });
orderSchema.index({ sessionId: 1, createdAt: -1 });
orderSchema.index({ createdAt: -1 });

export const OrderModel = mongoose.model<OrderRecord>('Order', orderSchema, 'orders');

/**
 * Named counters, found by _id (the name). The order-number counter's value is the next number to try:
 * a first guess, raised after each number is taken (order numbers start at 1000).
 */
// The counters of every numbered list live in platform/sequence.ts.
export { CounterModel, type CounterRecord } from '../../platform/sequence';

/**
 * One per order number, _id = the number as a string ("1000"): inserting it is how a number is taken
 * (atomic under the unique _id on FerretDB v1 and MongoDB), and the admin's pages read orders through
 * it by number. A string, because FerretDB v1 looks up a string or ObjectId _id directly but reads
 * the whole collection for a numeric one.
 */
export interface OrderNumberRecord {
  _id: string;
  orderId: Types.ObjectId;
}

const orderNumberSchema = new Schema<OrderNumberRecord>(
  {
    _id: { type: String, required: true },
    orderId: { type: Schema.Types.ObjectId, required: true },
  },
  { versionKey: false },
);

export const OrderNumberModel = mongoose.model<OrderNumberRecord>(
  'OrderNumber',
  orderNumberSchema,
  'order_numbers',
);

/**
 * The paid orders in the order they were paid, k = 1, 2, 3... without gaps: `paid_orders {_id: "k",
 * orderId}`, k taken by an insert like an order number (counter "paidOrder"), and `paid_order_keys
 * {_id: orderId, k}` so recording a payment again adds nothing. The admin's default list (paid orders,
 * newest first) reads pages by k and its total from the highest k, without a scan or a count.
 */
export interface PaidOrderRecord {
  _id: string;
  orderId: Types.ObjectId;
}

/** An order at a place of a numbered list: `{_id: place, orderId}` (this file's lists, search-lists.ts'). */
const orderAtPlaceSchema = new Schema<PaidOrderRecord>(
  {
    _id: { type: String, required: true },
    orderId: { type: Schema.Types.ObjectId, required: true },
  },
  { versionKey: false },
);

export const PaidOrderModel = mongoose.model<PaidOrderRecord>(
  'PaidOrder',
  orderAtPlaceSchema,
  'paid_orders',
);

export interface PaidOrderKeyRecord {
  _id: string;
  k: number;
}

/** An order's place k on a list: `{_id: key, k}` (the paid list's and search-lists.ts' status lists). */
const placeOfOrderSchema = new Schema<PaidOrderKeyRecord>(
  {
    _id: { type: String, required: true },
    k: { type: Number, required: true },
  },
  { versionKey: false },
);

export const PaidOrderKeyModel = mongoose.model<PaidOrderKeyRecord>(
  'PaidOrderKey',
  placeOfOrderSchema,
  'paid_order_keys',
);

/** The admin search's lists (search-lists.ts): position k of list L is `{_id: "L:k", orderId}`. */
export const OrderListEntryModel = mongoose.model<PaidOrderRecord>(
  'OrderListEntry',
  orderAtPlaceSchema,
  'order_list_entries',
);

/** A status list's place of an order: `{_id: "status:{status}|{orderId}", k}` (search-lists.ts). */
export const OrderListKeyModel = mongoose.model<PaidOrderKeyRecord>(
  'OrderListKey',
  placeOfOrderSchema,
  'order_list_keys',
);

/** A customer's k-th order (k = 1, 2, 3... without gaps): _id `{customerId}:{k}`, for the history. */
export interface CustomerOrderRecord {
  _id: string;
  orderId: Types.ObjectId;
}

export const CustomerOrderModel = mongoose.model<CustomerOrderRecord>(
  'CustomerOrder',
  orderAtPlaceSchema,
  'customer_orders',
);

/**
 * The k-th order placed with an email (k = 1, 2, ...): _id `{lower-cased email}:{k}`, so the admin's
 * search by a whole email reads that email's orders by lookups instead of filtering every order.
 */
export const OrderEmailKeyModel = mongoose.model<CustomerOrderRecord>(
  'OrderEmailKey',
  orderAtPlaceSchema,
  'order_email_keys',
);

/**
 * The idempotency record of placing an order: `{ownerKey}:{cartFingerprint}:{g}` -> the order's id,
 * inserted under its unique _id BEFORE the order is written (docs/design.md section 3, "Placing an
 * order once"). A retry of the same cart finds it by _id and answers that order; a process killed
 * after the insert leaves an id the retry writes the order under. g counts the times one owner
 * placed this very cart again after the earlier order was paid or ended.
 */
export interface CheckoutKeyRecord {
  _id: string;
  orderId: Types.ObjectId;
  createdAt: Date;
}

const checkoutKeySchema = new Schema<CheckoutKeyRecord>(
  {
    _id: { type: String, required: true },
    orderId: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export const CheckoutKeyModel = mongoose.model<CheckoutKeyRecord>(
  'CheckoutKey',
  checkoutKeySchema,
  'checkout_keys',
);

/**
 * The order's history, one document per event. A move's _id is `{orderId}:{to}`, and an admin's move
 * first inserts its state's leave marker `{orderId}:leave:{from}` (kind 'leave'): every state is left
 * at most once, so the insert under the unique _id decides which of two racing moves out of one state
 * (two Cancel clicks, a cancel and a ship) happens, on FerretDB v1 as on MongoDB. The marker records
 * what its move writes, so a retry can finish a move whose status write never happened
 * (lifecycle.ts, claimMove); it is the moves' guard, not history. Notes are numbered per order
 * (`{orderId}:note:{n}`) and proof events keyed (`{orderId}:proof:{key}`), so the admin's detail
 * reads an order's events by _id (repository.ts, listOrderEvents).
 */
export interface OrderEventRecord {
  _id: string;
  orderId: Types.ObjectId;
  kind: 'move' | 'note' | 'proof' | 'leave';
  at: Date;
  /** Who: an admin's email, 'customer' for the shopper's payment, null for the shop itself. */
  by: string | null;
  from: OrderStatus | null;
  to: OrderStatus | null;
  note: string | null;
  /** A proof event's details (kind 'proof'): a decision's name or comments, an override's reason. */
  proof?: ProofEventDetails | null;
  /** A cancel's leave marker: the refund as the provider was asked for it. */
  refund?: { amountCents: number; reason: string } | null;
  /** A ship's leave marker: the parcel. */
  shipment?: OrderRecord['shipment'];
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
    kind: { type: String, required: true, enum: ['move', 'note', 'proof', 'leave'] },
    at: { type: Date, required: true },
    by: { type: String, default: null },
    from: { type: String, default: null },
    to: { type: String, default: null },
    note: { type: String, default: null },
    proof: { type: Schema.Types.Mixed, default: null },
    refund: { type: Schema.Types.Mixed, default: null },
    shipment: { type: Schema.Types.Mixed, default: null },
  },
  { versionKey: false },
);
orderEventSchema.index({ orderId: 1, at: 1 });

export const OrderEventModel = mongoose.model<OrderEventRecord>(
  'OrderEvent',
  orderEventSchema,
  'order_events',
);

/**
 * A guest order joined to an account (docs/product.md section 10): _id is the order's id, taken by an
 * insert, so two confirmations at once cannot both add the order to a history.
 */
export interface OrderJoinRecord {
  _id: string;
  customerId: Types.ObjectId;
  joinedAt: Date;
}

const orderJoinSchema = new Schema<OrderJoinRecord>(
  {
    _id: { type: String, required: true },
    customerId: { type: Schema.Types.ObjectId, required: true },
    joinedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export const OrderJoinModel = mongoose.model<OrderJoinRecord>(
  'OrderJoin',
  orderJoinSchema,
  'order_joins',
);
