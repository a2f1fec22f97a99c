import { shownStatusLabel } from '@shop/contracts/orders';
import {
  Dialog,
  DialogDescription,
  DialogTitle,
  formatDollars,
  formatShortDate,
  MoreButton,
  OrderStatusBadge,
} from '@shop/ui';
import { useCustomerDetail } from '../api/get-customer-detail';
import type { Customer } from '../api/get-customers';
import { useShopTimeZone } from '../../../lib/shop-time-zone';

/** A customer's detail: their newest paid orders, newest first. */
export function CustomerOrdersDialog({
  customer,
  onClose,
}: {
  customer: Customer | null;
  onClose(): void;
}) {
  const timeZone = useShopTimeZone();
  const detail = useCustomerDetail(customer?.id ?? null);
  const orders = detail.data?.pages.flatMap((page) => page.orders) ?? [];
  return (
    <Dialog open={customer !== null} onOpenChange={(open) => !open && onClose()} width="36rem">
      {customer && (
        <>
          <DialogTitle>{customer.email}</DialogTitle>
          <DialogDescription>
            {[customer.firstName, customer.lastName].filter(Boolean).join(' ')}
            {customer.company ? `, ${customer.company}` : ''} · customer since{' '}
            {formatShortDate(customer.createdAt, timeZone)}
          </DialogDescription>
          {detail.isPending ? (
            <p role="status">Loading orders…</p>
          ) : !detail.data ? (
            <p role="alert">Could not load this customer’s orders.</p>
          ) : orders.length === 0 ? (
            <p>No paid orders yet.</p>
          ) : (
            <>
              <ul aria-label="Orders" style={{ paddingLeft: '1.25rem' }}>
                {orders.map((order) => (
                  <li key={order.id} style={{ margin: '0.5rem 0' }}>
                    <strong>#{order.orderNumber}</strong> ·{' '}
                    {formatShortDate(order.createdAt, timeZone)} · {formatDollars(order.total)}{' '}
                    <OrderStatusBadge
                      status={order.status}
                      label={shownStatusLabel(order.status, order.proofStatus)}
                    />
                  </li>
                ))}
              </ul>
              {detail.isFetchNextPageError && (
                <p role="alert">The next orders could not be loaded. Please try again.</p>
              )}
              <MoreButton pages={detail} label="More orders" busyLabel="Loading orders…" />
            </>
          )}
        </>
      )}
    </Dialog>
  );
}
