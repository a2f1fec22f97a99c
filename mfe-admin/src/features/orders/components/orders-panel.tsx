import { useState } from 'react';
import styled from 'styled-components';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '@shop/contracts/orders';
import {
  Button,
  OrderStatusBadge,
  RowButton,
  SectionHeader,
  SelectField,
  Table,
  TableMessage,
  TableRegion,
  TextField,
  theme,
  useDebouncedValue,
} from '@shop/ui';
import { formatDollars, formatShortDate } from '@shop/ui';
import { useAdminOrders, type AdminOrder, type OrderStatus } from '../api/get-admin-orders';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { PaymentBadge } from '../../../components/payment-badge';
import { OrderDetailsDialog } from './order-details-dialog';

const Filters = styled.div`
  display: grid;
  gap: 0.75rem;
  margin-bottom: 1rem;
  @media (min-width: 720px) {
    grid-template-columns: 2fr 1.2fr 1fr 1fr;
    align-items: end;
  }
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
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const q = useDebouncedValue(search.trim(), 300);
  const orders = useAdminOrders({
    page,
    status,
    q: q || undefined,
    from: from || undefined,
    to: to || undefined,
  });
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
        <h3>
          {q || from || to
            ? 'No orders match'
            : status
              ? `No orders: ${ORDER_STATUS_LABELS[status].toLowerCase()}`
              : 'No paid orders yet'}
        </h3>
        <p>Paid orders appear here; unpaid checkouts only under “Awaiting payment”.</p>
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
                const customer = customerOf(order);
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
                      {order.status === 'processing' && order.paymentStatus === 'paid' && (
                        <RowButton
                          type="button"
                          aria-label={`Ship order ${order.orderNumber}`}
                          onClick={() => setViewing(order)}
                        >
                          Ship…
                        </RowButton>
                      )}
                      {order.status === 'shipped' && (
                        <RowButton
                          type="button"
                          aria-label={`Mark completed: order ${order.orderNumber}`}
                          disabled={update.isPending}
                          onClick={() => update.mutate({ order, status: 'completed' })}
                        >
                          Mark completed
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
          <p>
            Paid orders move processing, shipped, completed, or are cancelled with a refund. Open an
            order for its history, shipping, refunds and notes.
          </p>
        </div>
      </SectionHeader>
      <Filters>
        <TextField
          label="Search"
          type="search"
          placeholder="Order number, email or name"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label="Status"
          value={status ?? ''}
          onChange={(event) => {
            setStatus((event.target.value || undefined) as OrderStatus | undefined);
            setPage(1);
          }}
        >
          <option value="">All paid orders</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {ORDER_STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(event) => {
            setFrom(event.target.value);
            setPage(1);
          }}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(event) => {
            setTo(event.target.value);
            setPage(1);
          }}
        />
      </Filters>
      {body}
      <OrderDetailsDialog order={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
