import { useState, type ComponentType } from 'react';
import { shownStatusLabel, type AdminOrder } from '@shop/contracts/orders';
import {
  Dialog,
  DialogDescription,
  DialogTitle,
  formatDollars,
  formatShortDate,
  MoreButton,
  OrderStatusBadge,
  RowButton,
} from '@shop/ui';
import { useCustomerDetail } from '../api/get-customer-detail';
import type { Customer } from '../api/get-customers';
import { useShopTimeZone } from '../../../lib/shop-time-zone';
import { PaymentBadge } from '../../../components/payment-badge';

/** The Orders tab's dialog of one order, handed in by the admin page (features do not import each other). */
export type OrderDialogComponent = ComponentType<{ order: AdminOrder | null; onClose(): void }>;

/** A customer's detail: their newest paid orders, newest first, each opened in the order's dialog. */
export function CustomerOrdersDialog({
  customer,
  onClose,
  OrderDialog,
}: {
  customer: Customer | null;
  onClose(): void;
  OrderDialog?: OrderDialogComponent;
}) {
  const timeZone = useShopTimeZone();
  const [opened, setOpened] = useState<AdminOrder | null>(null);
  const detail = useCustomerDetail(customer?.id ?? null);
  const orders = detail.data?.pages.flatMap((page) => page.orders) ?? [];
  return (
    <Dialog
      open={customer !== null}
      onOpenChange={(open) => {
        if (open) return;
        setOpened(null);
        onClose();
      }}
      width="36rem"
    >
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
                    {OrderDialog ? (
                      <RowButton
                        type="button"
                        aria-label={`View order ${order.orderNumber}`}
                        onClick={() => setOpened(order)}
                      >
                        #{order.orderNumber}
                      </RowButton>
                    ) : (
                      <strong>#{order.orderNumber}</strong>
                    )}{' '}
                    · {formatShortDate(order.createdAt, timeZone)} · {formatDollars(order.total)}{' '}
                    <OrderStatusBadge
                      status={order.status}
                      label={shownStatusLabel(order.status, order.proofStatus)}
                    />{' '}
                    <PaymentBadge order={order} />
                  </li>
                ))}
              </ul>
              {detail.isFetchNextPageError && (
                <p role="alert">The next orders could not be loaded. Please try again.</p>
              )}
              <MoreButton pages={detail} label="More orders" busyLabel="Loading orders…" />
            </>
          )}
          {OrderDialog && <OrderDialog order={opened} onClose={() => setOpened(null)} />}
        </>
      )}
    </Dialog>
  );
}
