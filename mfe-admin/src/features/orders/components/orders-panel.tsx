import { useState } from 'react';
import styled from 'styled-components';
import { ORDER_SEARCH_TOO_SHORT, readOrderSearch } from '@shop/contracts/admin';
import { ORDER_STATUS_LABELS, shownStatusLabel } from '@shop/contracts/orders';
import {
  Button,
  MoreButton,
  OrderStatusBadge,
  RowButton,
  SectionHeader,
  Table,
  TableHead,
  TableMessage,
  TableRegion,
  TextField,
  theme,
  useDebouncedValue,
} from '@shop/ui';
import { busyProps, formatDollars, formatShortDate } from '@shop/ui';
import { useAdminOrders, type AdminOrder, type OrderStatus } from '../api/get-admin-orders';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { StatusSelect } from '../../../components/status-select';
import { WordSearchField } from '../../../components/word-search-field';
import { dayRangeError } from '../../../lib/day-range';
import { PaymentBadge } from '../../../components/payment-badge';
import { OrderDetailsDialog } from './order-details-dialog';
import { useShopTimeZone } from '../../../lib/shop-time-zone';

// On a phone Search and Status take a row each and From and To share one, so the first orders are
// nearer the first screen; from 720 px all four share a line.
const Filters = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  align-items: start;
  gap: 0.75rem;
  margin-bottom: 1rem;
  /* A date box's own width would push its field, and the From field over To, past half a phone. */
  > * {
    grid-template-columns: minmax(0, 1fr);
  }
  > :nth-child(-n + 2) {
    grid-column: 1 / -1;
  }
  @media (min-width: 720px) {
    grid-template-columns: 2fr 1.2fr 1fr 1fr;
    > :nth-child(-n + 2) {
      grid-column: auto;
    }
  }
`;

const More = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin-top: 1rem;
  color: ${theme.colors.muted};
  font-size: 0.9rem;
`;

function customerOf(order: AdminOrder) {
  const info = order.customerInfo;
  const name = [info?.firstName, info?.lastName].filter(Boolean).join(' ');
  return { name: name || '—', email: info?.email ?? order.guestEmail ?? '' };
}

function itemCount(order: AdminOrder): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * Every order, newest first, more on request (the list is read by key: no page count), filtered by
 * status, dates and search; an order moves processing -> shipped -> completed. `linked`: the number
 * of an order the page's address names, searched for and opened once found; `onLinkClosed` when its
 * dialog closes.
 */
export function OrdersPanel({
  linked = null,
  onLinkClosed,
}: {
  linked?: number | null;
  onLinkClosed?: () => void;
} = {}) {
  const timeZone = useShopTimeZone();
  const [status, setStatus] = useState<OrderStatus | undefined>();
  const [search, setSearch] = useState(linked === null ? '' : String(linked));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  // Ship… opens the order at its Mark shipped form; View at its top.
  const [start, setStart] = useState<'top' | 'ship'>('top');
  const open = (order: AdminOrder, at: 'top' | 'ship') => {
    setStart(at);
    setViewing(order);
  };
  // The linked order still to open, and the link last seen (another one followed searches anew).
  const [seeking, setSeeking] = useState(linked);
  const [seenLink, setSeenLink] = useState(linked);
  if (linked !== seenLink) {
    setSeenLink(linked);
    if (linked !== null) {
      setSeeking(linked);
      setStatus(undefined);
      setFrom('');
      setTo('');
      setSearch(String(linked));
    }
  }
  const q = useDebouncedValue(search.trim(), 300);
  // A word too short to look for is said under the field, not sent (the API would answer 400).
  const tooShort = q !== '' && readOrderSearch(q).kind === 'too short';
  // Dates the wrong way round are said on the To field and instead of the list, not sent.
  const rangeError = dayRangeError(from, to);
  const orders = useAdminOrders(
    { status, q: q || undefined, from: from || undefined, to: to || undefined },
    { enabled: !tooShort && !rangeError },
  );
  const update = useUpdateOrderStatus();
  const list = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  const found = seeking === null ? undefined : list.find((order) => order.orderNumber === seeking);
  if (found) {
    setSeeking(null);
    open(found, 'top');
  }
  const close = () => {
    if (viewing !== null && viewing.orderNumber === linked) onLinkClosed?.();
    setViewing(null);
  };

  let body;
  if (rangeError) {
    body = (
      <TableMessage>
        <p>{rangeError}.</p>
      </TableMessage>
    );
  } else if (tooShort) {
    body = (
      <TableMessage>
        <p>{ORDER_SEARCH_TOO_SHORT}.</p>
      </TableMessage>
    );
  } else if (orders.isPending) {
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
  } else if (list.length === 0 && !orders.hasNextPage) {
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
  } else if (list.length === 0) {
    // Each call reads a bounded part of the shop's orders: none of it matched, older ones may.
    body = (
      <TableMessage>
        <h3>No matches among the latest orders</h3>
        <p>Older orders may match.</p>
        <MoreButton pages={orders} label="More orders" busyLabel="Loading…" />
      </TableMessage>
    );
  } else {
    body = (
      <>
        <TableRegion label="Orders" narrow="cards">
          <Table aria-busy={orders.isPlaceholderData}>
            <TableHead
              columns={[
                'Order',
                'Placed',
                'Customer',
                { label: 'Labels', numeric: true },
                { label: 'Total', numeric: true },
                'Payment',
                'Status',
              ]}
              actions
            />
            <tbody>
              {list.map((order) => {
                const customer = customerOf(order);
                return (
                  <tr key={order.id}>
                    <th scope="row" className="nowrap">
                      <strong>#{order.orderNumber}</strong>
                    </th>
                    <td className="nowrap">{formatShortDate(order.createdAt, timeZone)}</td>
                    <td className="wrap">
                      {customer.name}
                      <div className="muted">{customer.email}</div>
                    </td>
                    <td className="numeric">{itemCount(order)}</td>
                    <td className="numeric">{formatDollars(order.total)}</td>
                    <td>
                      <PaymentBadge order={order} />
                    </td>
                    <td>
                      <OrderStatusBadge
                        status={order.status}
                        label={shownStatusLabel(order.status, order.proofStatus)}
                      />
                    </td>
                    <td className="actions">
                      <RowButton
                        type="button"
                        aria-label={`View order ${order.orderNumber}`}
                        onClick={() => open(order, 'top')}
                      >
                        View
                      </RowButton>
                      {order.status === 'processing' &&
                        order.paymentStatus === 'paid' &&
                        !order.refundPending && (
                          <RowButton
                            type="button"
                            aria-label={`Ship order ${order.orderNumber}`}
                            onClick={() => open(order, 'ship')}
                          >
                            Ship…
                          </RowButton>
                        )}
                      {order.status === 'shipped' && !order.refundPending && (
                        <RowButton
                          type="button"
                          aria-label={`Mark completed: order ${order.orderNumber}`}
                          {...busyProps(update.isPending)}
                          onClick={(event) => {
                            // Once completed the button is gone: the row's View takes the focus.
                            const view = event.currentTarget
                              .closest('td')
                              ?.querySelector<HTMLButtonElement>('button');
                            update.mutate(
                              { order, status: 'completed' },
                              { onSuccess: () => view?.focus() },
                            );
                          }}
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
        <More>
          <span>
            {list.length} order{list.length === 1 ? '' : 's'} shown, newest first
          </span>
          <MoreButton pages={orders} label="More orders" busyLabel="Loading…" />
        </More>
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
        <WordSearchField
          placeholder="Order number, email or name"
          error={tooShort ? ORDER_SEARCH_TOO_SHORT : undefined}
          value={search}
          onChange={setSearch}
        />
        <StatusSelect value={status ?? ''} onChange={(next) => setStatus(next || undefined)} />
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          error={rangeError ?? undefined}
          onChange={(event) => setTo(event.target.value)}
        />
      </Filters>
      {body}
      <OrderDetailsDialog order={viewing} start={start} onClose={close} />
    </section>
  );
}
