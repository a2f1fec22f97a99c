import { formatDollars } from './format';

/** The money of a placed order, as the account's order page and the admin's order details show it. */
export interface OrderMoney {
  subtotal: number;
  discountAmount: number;
  discountCode?: string | null;
  shipping: number;
  tax: number;
  taxRegion?: string | null;
  total: number;
}

/**
 * An order's subtotal, discount (with its code), shipping, tax (with its region) and total rows, for a
 * TotalsList; pages add their own rows after them (cancelled, refunded).
 */
export function OrderTotalRows({ order }: { order: OrderMoney }) {
  return (
    <>
      <dt>Subtotal</dt>
      <dd>{formatDollars(order.subtotal)}</dd>
      {order.discountAmount > 0 && (
        <>
          <dt>Discount{order.discountCode ? ` (${order.discountCode})` : ''}</dt>
          <dd className="discount">−{formatDollars(order.discountAmount)}</dd>
        </>
      )}
      <dt>Shipping</dt>
      <dd>{formatDollars(order.shipping)}</dd>
      <dt>Tax{order.taxRegion ? ` (${order.taxRegion})` : ''}</dt>
      <dd>{formatDollars(order.tax)}</dd>
      <dt className="total">Total</dt>
      <dd className="total" data-testid="order-total">
        {formatDollars(order.total)}
      </dd>
    </>
  );
}
