import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { variableDataTerms } from '@shop/contracts/asset-tag-terms';
import { ORDER_STATUS_LABELS, shownStatusLabel, type OrderStatus } from '@shop/contracts/orders';
import {
  ButtonAnchor,
  colorName,
  Dialog,
  DialogDescription,
  DialogTitle,
  formatDate,
  formatDollars,
  formatInches,
  formatTime,
  formatTimeWithZone,
  materialName,
  mountingName,
  OrderStatusBadge,
  OrderTotalRows,
  theme,
  TotalsList,
} from '@shop/ui';
import type { AdminOrder } from '../api/get-admin-orders';
import { useAdminOrderDetail } from '../api/order-actions';
import { PaymentBadge } from '../../../components/payment-badge';
import { CancelForm, CompleteForm, DetailsSection, NoteForm, ShipForm } from './order-action-forms';
import { ProductionFiles } from './production-files';
import { ProofSection } from './proof-section';
import { useShopTimeZone } from '../../../lib/shop-time-zone';
import { formatCount } from '@shop/contracts/money';

const Grid = styled.div`
  display: grid;
  gap: 1.25rem;
  @media (min-width: 560px) {
    grid-template-columns: 1fr 1fr;
  }
  h3 {
    margin: 0 0 0.375rem;
    font-size: 0.8rem;
    color: ${theme.colors.muted};
    text-transform: uppercase;
    letter-spacing: 0.05em;
  }
  p,
  address {
    margin: 0;
    font-style: normal;
    overflow-wrap: anywhere;
  }
`;

const Items = styled.ul`
  margin: 1.25rem 0 0;
  padding: 0;
  list-style: none;
  border-top: 1px solid ${theme.colors.border};
  li {
    display: flex;
    justify-content: space-between;
    gap: 1rem;
    padding: 0.75rem 0;
    border-bottom: 1px solid ${theme.colors.sunken};
  }
  .details {
    font-size: 0.875rem;
    color: ${theme.colors.muted};
  }
  .files {
    margin: 0.25rem 0 0;
    padding: 0;
    list-style: none;
    font-size: 0.875rem;
  }
  .files li {
    padding: 0;
    border: 0;
  }
  a {
    color: ${theme.colors.brand};
  }
  strong {
    white-space: nowrap;
  }
`;

const Totals = styled(TotalsList)`
  gap: 0.25rem 1rem;
  margin: 1rem 0 0 auto;
  max-width: 18rem;
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin-bottom: 1.25rem;
`;

function statusName(status: OrderStatus | null): string {
  return status ? ORDER_STATUS_LABELS[status] : 'New';
}

export function OrderDetailsDialog({
  order: listed,
  onClose,
  start = 'top',
}: {
  order: AdminOrder | null;
  onClose(): void;
  /** Where focus starts: the title, or the Mark shipped form's first field (the row's Ship…). */
  start?: 'top' | 'ship';
}) {
  const timeZone = useShopTimeZone();
  const detail = useAdminOrderDetail(listed?.id ?? null);
  const order = detail.data && detail.data.id === listed?.id ? detail.data : listed;
  // The lines a proof revision gave other text: what the engraver works from.
  const engraved = new Map(
    (detail.data?.id === listed?.id ? (detail.data?.engravedTexts ?? []) : []).map(
      ({ lineId, text }) => [lineId, text],
    ),
  );
  const info = order?.customerInfo;
  // A move made here (shipped, cancelled, moved on without approval) takes away the form whose button
  // had the focus, and the focus would fall to the page: it goes to the order's title instead, inside
  // the dialog, from where the new state (its badges, the toast) reads on.
  const title = useRef<HTMLHeadingElement>(null);
  const state = order ? `${order.id} ${order.status}` : null;
  const stateSeen = useRef(state);
  useEffect(() => {
    const before = stateSeen.current;
    stateSeen.current = state;
    if (!state || !before || before === state || before.split(' ')[0] !== state.split(' ')[0])
      return;
    // After the closing confirmation has given the focus back (to nothing: its opener is gone).
    const timer = setTimeout(() => {
      const active = document.activeElement;
      const box = title.current?.closest('[role="dialog"]');
      if (!active || active === document.body || active === box) title.current?.focus();
    });
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && onClose()} width="44rem">
      {order && (
        <>
          {/* Focus starts at the top, whatever the order's state: left to the first control, it
              landed in a form far down (the refund amount, selected) and typing went into it. */}
          <DialogTitle ref={title} tabIndex={-1} data-autofocus={start === 'top' || undefined}>
            Order #{order.orderNumber}
          </DialogTitle>
          <DialogDescription>
            Placed {formatDate(order.createdAt, timeZone)} at{' '}
            {formatTimeWithZone(order.createdAt, timeZone)}
            {/* An account holds the order whether it was placed signed in or joined later (a
                guest order joins the account its email signs up with). */}
            {order.customerId
              ? order.accountDeleted
                ? ', in a customer’s account since deleted'
                : ', in a customer’s account'
              : ' as a guest'}
            .
          </DialogDescription>
          <Badges>
            <OrderStatusBadge
              status={order.status}
              label={shownStatusLabel(order.status, order.proofStatus)}
            />
            <PaymentBadge order={order} />
            {order.paymentStatus === 'paid' && (
              <ButtonAnchor
                $variant="secondary"
                $size="sm"
                href={`/api/orders/${encodeURIComponent(order.id)}/invoice.pdf`}
                download={`invoice-${order.orderNumber}.pdf`}
              >
                Download invoice (PDF)
              </ButtonAnchor>
            )}
          </Badges>
          <Grid>
            <div>
              <h3>Customer</h3>
              <p>
                {info?.firstName} {info?.lastName}
                {info?.company && <>, {info.company}</>}
              </p>
              <p>{info?.email ?? order.guestEmail}</p>
              <p>{info?.phone}</p>
            </div>
            <div>
              <h3>Ship to</h3>
              <address>
                {info?.street}
                <br />
                {info?.city}, {info?.state} {info?.zipCode}
              </address>
            </div>
            {order.notes && (
              <div>
                <h3>Notes</h3>
                <p>{order.notes}</p>
              </div>
            )}
            {order.paymentId && (
              <div>
                <h3>Payment</h3>
                <p>
                  {order.paidAt ? `Paid ${formatDate(order.paidAt, timeZone)}` : 'Not paid yet'}
                </p>
                {order.refunded > 0 && (
                  <p>
                    {order.refunded >= order.total
                      ? `Refunded in full: ${formatDollars(order.refunded)}`
                      : `Refunded ${formatDollars(order.refunded)} of ${formatDollars(order.total)}`}
                    {order.refundedAt && ` on ${formatDate(order.refundedAt, timeZone)}`}
                  </p>
                )}
                {order.refunded > 0 && order.refundReason && <p>Reason: {order.refundReason}</p>}
              </div>
            )}
          </Grid>
          <Items aria-label="Items">
            {order.items.map((item, index) => (
              <li key={item.id ?? index}>
                <div>
                  <div>
                    {formatCount(item.quantity)} × {materialName(item.productConfig.material)}{' '}
                    {formatInches(item.productConfig.width)} ×{' '}
                    {formatInches(item.productConfig.height)}
                  </div>
                  <div className="details">
                    {colorName(item.productConfig.color)} ·{' '}
                    {mountingName(item.productConfig.mounting)}
                    {item.productConfig.customText && !item.productConfig.series && (
                      <> · “{item.productConfig.customText}”</>
                    )}
                  </div>
                  {engraved.get(item.id ?? '') !== undefined && (
                    <div className="details" data-testid="engraved-text">
                      Engraved, as the proof revised it: “{engraved.get(item.id ?? '')}”
                    </div>
                  )}
                  {variableDataTerms(item.productConfig, item.quantity).map(([term, detail]) => (
                    <div className="details" key={term}>
                      {term}: {detail}
                    </div>
                  ))}
                  {item.files.length > 0 && (
                    <ul className="files" aria-label="Artwork files">
                      {item.files.map((file) => (
                        <li key={file.hashedName}>
                          <a
                            href={`/api/admin/orders/${encodeURIComponent(order.id)}/files/${encodeURIComponent(file.hashedName)}`}
                            download
                          >
                            {file.originalName}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                <strong>{formatDollars(item.totalPrice)}</strong>
              </li>
            ))}
          </Items>
          <Totals>
            <OrderTotalRows order={order} />
            {order.refunded > 0 && (
              <>
                <dt>Refunded</dt>
                <dd>−{formatDollars(order.refunded)}</dd>
              </>
            )}
          </Totals>
          {order.shipment && (
            <DetailsSection aria-labelledby="shipment-heading">
              <h3 id="shipment-heading">Shipment</h3>
              <p>
                {order.shipment.carrier === 'other' ? 'Carrier' : order.shipment.carrier} tracking
                number {order.shipment.trackingNumber}, shipped{' '}
                {formatDate(order.shipment.shippedAt, timeZone)}
                {order.shipment.trackingUrl && (
                  <>
                    {' · '}
                    <a href={order.shipment.trackingUrl} target="_blank" rel="noreferrer noopener">
                      Track parcel
                    </a>
                  </>
                )}
              </p>
            </DetailsSection>
          )}
          {order.paymentStatus === 'paid' && (
            <DetailsSection aria-labelledby="proof-heading">
              <h3 id="proof-heading">Proof</h3>
              <ProofSection key={`proof-${order.id}`} order={order} />
            </DetailsSection>
          )}
          <ProductionFiles order={order} />
          {/* While a cancel waits on its refund's answer, finishing it is the one move left. */}
          {order.status === 'processing' &&
            order.paymentStatus === 'paid' &&
            !order.refundPending && (
              <ShipForm key={`ship-${order.id}`} order={order} autoFocus={start === 'ship'} />
            )}
          {order.status === 'shipped' && !order.refundPending && (
            <CompleteForm key={`complete-${order.id}`} order={order} />
          )}
          {(order.status === 'awaiting_proof' ||
            order.status === 'processing' ||
            order.status === 'shipped') && <CancelForm key={`cancel-${order.id}`} order={order} />}
          <DetailsSection aria-labelledby="history-heading">
            <h3 id="history-heading">History</h3>
            {detail.isPending ? (
              <p className="muted">Loading…</p>
            ) : detail.isError ? (
              <p role="alert">Could not load the history.</p>
            ) : detail.data.history.length === 0 ? (
              <p className="muted">No recorded moves.</p>
            ) : (
              <ol aria-label="Order history">
                {detail.data.history.map((move) => (
                  <li key={`${move.to}-${move.at}`}>
                    {formatDate(move.at, timeZone)} {formatTime(move.at, timeZone)}:{' '}
                    {statusName(move.from)} → {statusName(move.to)}
                    <span className="muted">
                      {' '}
                      by {move.by === 'customer' ? 'the customer' : (move.by ?? 'the shop')}
                      {move.note ? ` · ${move.note}` : ''}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </DetailsSection>
          {detail.data && detail.data.proofHistory.length > 0 && (
            <DetailsSection aria-labelledby="proof-history-heading">
              <h3 id="proof-history-heading">Proof history</h3>
              <ol aria-label="Proof history">
                {detail.data.proofHistory.map((entry) => (
                  <li key={`${entry.at}-${entry.text}`}>
                    {formatDate(entry.at, timeZone)} {formatTime(entry.at, timeZone)}: {entry.text}
                    {entry.by && entry.by !== 'customer' && (
                      <span className="muted"> · {entry.by}</span>
                    )}
                  </li>
                ))}
              </ol>
            </DetailsSection>
          )}
          <DetailsSection aria-labelledby="notes-heading">
            <h3 id="notes-heading">Internal notes</h3>
            {detail.data && detail.data.adminNotes.length > 0 && (
              <ul aria-label="Internal notes">
                {detail.data.adminNotes.map((note) => (
                  <li key={note.id}>
                    {note.text}
                    <span className="muted">
                      {' '}
                      · {note.by}, {formatDate(note.at, timeZone)} {formatTime(note.at, timeZone)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <NoteForm orderId={order.id} />
          </DetailsSection>
        </>
      )}
    </Dialog>
  );
}
