import { useState } from 'react';
import styled from 'styled-components';
import { ORDER_STATUSES } from '@shop/contracts/orders';
import {
  Button,
  SelectField,
  SectionHeader,
  TableMessage,
  RowButton,
  Table,
  TableRegion,
  theme,
} from '@shop/ui';
import { formatDollars, formatShortDate } from '@shop/ui';
import { useAdminOrders, type AdminOrder, type OrderStatus } from '../api/get-admin-orders';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { OrderStatusBadge, PaymentBadge } from './order-badges';
import { OrderDetailsDialog } from './order-details-dialog';

/** The one step forward from each status, and what the button says. */
const NEXT_STEP: Partial<Record<OrderStatus, { status: OrderStatus; label: string }>> = {
  processing: { status: 'shipped', label: 'Mark shipped' },
  shipped: { status: 'completed', label: 'Mark completed' },
};

const Filter = styled.div`
  min-width: 12rem;
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  margin-top: 1rem;
  color: ${theme.colors.muted};
  font-size: 0.9rem;
  div {
    display: flex;
    gap: 0.5rem;
  }
`;

function customerOf(order: AdminOrder) {
  const info = order.customerInfo;
  const name = [info?.firstName, info?.lastName].filter(Boolean).join(' ');
  return { name: name || '—', email: info?.email ?? order.guestEmail ?? '' };
}

function itemCount(order: AdminOrder): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Every order, a page at a time, filtered by status; an order moves processing -> shipped -> completed. */
export function OrdersPanel() {
  const [status, setStatus] = useState<OrderStatus | undefined>();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const orders = useAdminOrders({ page, status });
  const update = useUpdateOrderStatus();

  let body;
  if (orders.isPending) {
    body = (
      <TableMessage role="status">
        <p>Loading orders…</p>
      </TableMessage>
    );
  } else if (orders.isError) {
    body = (
      <TableMessage role="alert">
        <h3>Could not load orders</h3>
        <p>Please try again.</p>
        <Button type="button" $variant="secondary" onClick={() => void orders.refetch()}>
          Try again
        </Button>
      </TableMessage>
    );
  } else if (orders.data.orders.length === 0) {
    body = (
      <TableMessage>
        <h3>{status ? `No ${status} orders` : 'No orders yet'}</h3>
        <p>Orders appear here as soon as shoppers check out.</p>
      </TableMessage>
    );
  } else {
    const { totalPages, total } = orders.data;
    body = (
      <>
        <TableRegion label="Orders">
          <Table aria-busy={orders.isPlaceholderData}>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Customer</th>
                <th scope="col" className="numeric">
                  Labels
                </th>
                <th scope="col" className="numeric">
                  Total
                </th>
                <th scope="col">Payment</th>
                <th scope="col">Status</th>
                <th scope="col" className="actions">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((order) => {
                const next = NEXT_STEP[order.status];
                const customer = customerOf(order);
                // Only a paid order ships (the server says the same).
                const blocked = next?.status === 'shipped' && order.paymentStatus !== 'paid';
                return (
                  <tr key={order.id}>
                    <th scope="row" className="nowrap">
                      <strong>#{order.orderNumber}</strong>
                    </th>
                    <td className="nowrap">{formatShortDate(order.createdAt)}</td>
                    <td className="wrap">
                      {customer.name}
                      <div className="muted">{customer.email}</div>
                    </td>
                    <td className="numeric">{itemCount(order)}</td>
                    <td className="numeric">{formatDollars(order.total)}</td>
                    <td>
                      <PaymentBadge status={order.paymentStatus} />
                    </td>
                    <td>
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className="actions">
                      <RowButton
                        type="button"
                        aria-label={`View order ${order.orderNumber}`}
                        onClick={() => setViewing(order)}
                      >
                        View
                      </RowButton>
                      {next && (
                        <RowButton
                          type="button"
                          aria-label={`${next.label}: order ${order.orderNumber}`}
                          disabled={blocked || update.isPending}
                          title={blocked ? 'Only paid orders can be shipped' : undefined}
                          onClick={() => update.mutate({ order, status: next.status })}
                        >
                          {next.label}
                        </RowButton>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </TableRegion>
        <Pager aria-label="Order pages">
          <span>
            Page {orders.data.page} of {Math.max(totalPages, 1)} · {total} order
            {total === 1 ? '' : 's'}
          </span>
          <div>
            <Button
              type="button"
              $variant="secondary"
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              Previous
            </Button>
            <Button
              type="button"
              $variant="secondary"
              disabled={page >= totalPages}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </div>
        </Pager>
      </>
    );
  }

  return (
    <section aria-labelledby="orders-heading">
      <SectionHeader>
        <div>
          <h2 id="orders-heading">Orders</h2>
          <p>Move an order along as it is made and sent: processing, shipped, completed.</p>
        </div>
        <Filter>
          <SelectField
            label="Status"
            value={status ?? ''}
            onChange={(event) => {
              setStatus((event.target.value || undefined) as OrderStatus | undefined);
              setPage(1);
            }}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value[0]!.toUpperCase() + value.slice(1)}
              </option>
            ))}
          </SelectField>
        </Filter>
      </SectionHeader>
      {body}
      <OrderDetailsDialog order={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
