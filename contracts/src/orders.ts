// Orders as the API answers them (SPEC.md section 3), in dollars with two decimals.
import type { CustomerInfo } from './checkout';
import type { UploadedFileRef } from './label-configuration';
import type { Color, Material, Mounting } from './label-options';

export const ORDER_STATUSES = ['processing', 'shipped', 'completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

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
}

export interface OrderItem {
  id: string;
  productConfig: OrderedProductConfig;
  files: UploadedFileRef[];
  quantity: number;
  unitPrice: number;
  totalPrice: number;
}

/** 201 of POST /api/orders (200 when the session's unpaid order for the same cart is reused). */
export interface CreatedOrder {
  orderId: string;
  orderNumber: number;
  total: number;
}

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
  total: number;
  notes: string | null;
  items: OrderItem[];
}

/** An order as the admin sees it: the history fields plus who ordered and the payment. */
export interface AdminOrder extends OrderHistoryEntry {
  customerId: string | null;
  guestEmail: string | null;
  customerInfo: CustomerInfo;
  taxRegion: string | null;
  paymentId: string | null;
  paidAt: string | null;
  updatedAt: string;
}
