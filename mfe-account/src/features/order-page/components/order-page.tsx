import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError, useShopStore } from 'shell/store';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@shop/contracts/orders';
import {
  Button,
  ButtonAnchor,
  ButtonLink,
  DownloadIcon,
  formatDate,
  formatDollars,
  formatTimeWithZone,
  fromLarge,
  fromMedium,
  MessageCard,
  Notice,
  OrderStatusBadge,
  OrderTotalRows,
  PackageIcon,
  Page,
  PageHeader,
  Panel,
  Skeleton,
  theme,
  TotalsList,
  VisuallyHidden,
} from '@shop/ui';
import { useOrderProof } from '../../../api/order-proof';
import { OrderAgainButton } from '../../../components/order-again-button';
import { hasOutcome } from '../../../lib/order-outcome';
import { REVISING_PROOF, shownStatusLabel, waitsForProofAnswer } from '@shop/contracts/orders';
import { withAccess } from '../../../api/with-access';
import { useOrder, type OrderDetail } from '../api/get-order';
import { OrderLine } from './order-line';

const Heading = styled(PageHeader)`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 0.75rem 1rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0.75rem;
  margin: 0 0 1.25rem;
  & > * {
    flex: 1 1 12rem;
  }
  ${fromMedium} {
    & > * {
      flex: 0 0 auto;
    }
  }
`;

const Layout = styled.div`
  display: grid;
  gap: 1.25rem;
  ${fromLarge} {
    grid-template-columns: minmax(0, 1fr) 20rem;
    align-items: start;
  }
`;

const Side = styled.div`
  display: grid;
  gap: 1.25rem;
`;

const Lines = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
`;

// The rule above Total runs under both columns as one line: the columns' gap is the amounts' padding.
const Totals = styled(TotalsList)`
  column-gap: 0;
  dd {
    padding-left: 1rem;
  }
  .discount {
    color: ${theme.colors.success};
  }
  .total {
    padding-top: 0.5rem;
    border-top: 1px solid ${theme.colors.border};
  }
`;

const Steps = styled.ol`
  display: grid;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: 0.75rem 1fr;
    gap: 0 0.75rem;
    align-items: baseline;
  }
  li::before {
    content: '';
    width: 0.625rem;
    height: 0.625rem;
    border-radius: 999px;
    background: ${theme.colors.accent};
  }
  strong,
  time {
    grid-column: 2;
  }
  time {
    font-size: 0.875rem;
    color: ${theme.colors.muted};
  }
`;

// The extras (the proof) keep the page's 1.25rem from what follows them, as the actions and notices
// do; nothing shown (no proof sent yet), no space.
const Above = styled.div`
  &:not(:empty) {
    margin-bottom: 1.25rem;
  }
`;

const Below = styled.div`
  margin-top: 1.25rem;
`;

const Address = styled.address`
  font-style: normal;
  line-height: 1.5;
  overflow-wrap: anywhere;
`;

/** The customer's words for a step: an order is "placed" before it is paid. */
function stepName(status: OrderStatus): string {
  return status === 'pending_payment' ? 'Placed' : ORDER_STATUS_LABELS[status];
}

/** A moment in the browser's time zone, named: the shop's emails and admins read the shop's. */
function when(iso: string): string {
  const time = formatTimeWithZone(iso);
  return time ? `${formatDate(iso)} at ${time}` : formatDate(iso);
}

function Tracking({ shipment }: { shipment: NonNullable<OrderDetail['shipment']> }) {
  const carrier = shipment.carrier === 'other' ? 'the carrier' : shipment.carrier;
  return (
    <Notice $tone="info" data-testid="order-tracking">
      <strong>
        Shipped with {carrier} on {formatDate(shipment.shippedAt)}
      </strong>
      <p>
        Tracking number {shipment.trackingNumber}
        {shipment.trackingUrl && (
          <>
            {' · '}
            <a href={shipment.trackingUrl} target="_blank" rel="noreferrer noopener">
              Track your parcel
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </a>
          </>
        )}
      </p>
    </Notice>
  );
}

function OrderSummary({ order }: { order: OrderDetail }) {
  return (
    <Panel aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">Summary</h2>
      <Totals>
        <OrderTotalRows order={order} />
        {order.status === 'cancelled' && (
          <>
            <dt>Refunded</dt>
            <dd>{formatDollars(order.refunded)}</dd>
          </>
        )}
      </Totals>
    </Panel>
  );
}

/**
 * What the app adds to the order's page (the proof section, its own feature): the order's id and
 * status, and the guest link's token the page was opened with. It goes under the order's heading
 * while the order is in the making, and below everything once its outcome is known (hasOutcome).
 */
export type OrderExtras = (
  order: Pick<OrderDetail, 'id' | 'status'>,
  access: string | null,
) => ReactNode;

/** A cancelled order's outcome, first on its page: when, and what went back to the card. */
function Cancelled({ order }: { order: OrderDetail }) {
  const at = order.history.find((step) => step.status === 'cancelled')?.at;
  const refunded = order.refunded;
  return (
    <Notice $tone="info" data-testid="order-outcome">
      <strong>Cancelled{at ? ` on ${formatDate(at)}` : ''}</strong>
      <p>
        {refunded <= 0
          ? 'No refund was made for this order.'
          : refunded >= order.total
            ? `The ${formatDollars(refunded)} you paid was refunded to your card.`
            : `${formatDollars(refunded)} of the ${formatDollars(order.total)} you paid was refunded to your card.`}{' '}
        {refunded > 0 && 'Depending on your bank it shows within 5 to 10 business days.'}
      </p>
    </Notice>
  );
}

function OrderView({
  order,
  access,
  extras,
}: {
  order: OrderDetail;
  access: string | null;
  extras?: OrderExtras | undefined;
}) {
  const info = order.customerInfo;
  const outcome = hasOutcome(order.status);
  // The proof the proof section reads too (one request): each line's engraved text, and where the
  // proof stands, fresher than the order's copy right after an answer.
  const proofQuery = useOrderProof(order.id, access);
  const proof = proofQuery.data;
  // Links to the order's files carry the page's access, or the proof's (a link sends no session).
  const fileAccess = access ?? proof?.access ?? null;
  const current = proof?.revisions.find((revision) => revision.revision === proof.revision);
  const engraved = new Map(current?.lines.map((line) => [line.lineId, line.customText]));
  const proofStatus = proof?.status ?? order.proofStatus;
  const revisingSince =
    order.status === 'awaiting_proof' && proofStatus === 'changes_requested'
      ? (current?.changesRequested?.at ?? null)
      : null;
  // While the order waits for the customer's answer, the proof's call to action leads and "Order
  // again" follows it, outlined.
  const proofLeads = waitsForProofAnswer(order.status, proofStatus);
  const actions = (
    <Actions>
      <OrderAgainButton
        order={order}
        access={access}
        variant={proofLeads ? 'secondary' : 'primary'}
        hasSeries={order.items.some((item) => item.productConfig.series)}
        lines={order.items}
      />
      {order.paymentStatus === 'paid' && (
        <ButtonAnchor
          $variant="secondary"
          href={withAccess(`/api/orders/${order.id}/invoice.pdf`, fileAccess)}
          download={`invoice-${order.orderNumber}.pdf`}
        >
          <DownloadIcon size={18} aria-hidden="true" /> Download invoice (PDF)
        </ButtonAnchor>
      )}
    </Actions>
  );
  return (
    <>
      <Heading>
        <div>
          <h1 id="order-heading">Order #{order.orderNumber}</h1>
          <p>
            Placed <time dateTime={order.createdAt}>{when(order.createdAt)}</time>
          </p>
        </div>
        <OrderStatusBadge
          status={order.status}
          label={shownStatusLabel(order.status, proofStatus)}
        />
      </Heading>
      {proofQuery.isPending ? (
        // What follows reads the proof (each line's engraved text, which action leads) and the proof
        // section shows above it: held until the proof is in, so nothing moves when it shows.
        <Skeleton role="status" aria-label="Loading the proof">
          <div />
          <div />
        </Skeleton>
      ) : (
        <>
          {!proofLeads && actions}
          {order.status === 'cancelled' && <Cancelled order={order} />}
          {/* A parcel sent stays on the page: an order cancelled after shipping was still received. */}
          {order.shipment && <Tracking shipment={order.shipment} />}
          {!outcome && <Above>{extras?.(order, access)}</Above>}
          {proofLeads && actions}
          <Layout>
            <Panel aria-labelledby="order-lines-heading">
              <h2 id="order-lines-heading">
                {order.items.length === 1
                  ? '1 label design'
                  : `${order.items.length} label designs`}
              </h2>
              <Lines>
                {order.items.map((item, position) => (
                  <OrderLine
                    key={item.id}
                    item={item}
                    position={position}
                    proofAsked={
                      order.status === 'pending_payment' || order.status === 'awaiting_proof'
                    }
                    engravedText={engraved.get(item.id) ?? null}
                    artworkPath={(hashedName) =>
                      withAccess(
                        `/api/orders/${encodeURIComponent(order.id)}/files/${encodeURIComponent(hashedName)}`,
                        fileAccess,
                      )
                    }
                  />
                ))}
              </Lines>
              {order.notes && (
                <Notice $tone="info">
                  <strong>Your notes</strong>
                  <p>{order.notes}</p>
                </Notice>
              )}
            </Panel>
            <Side>
              <OrderSummary order={order} />
              <Panel aria-labelledby="order-address-heading">
                <h2 id="order-address-heading">Ship to</h2>
                <Address>
                  {info.firstName} {info.lastName}
                  {info.company && (
                    <>
                      <br />
                      {info.company}
                    </>
                  )}
                  <br />
                  {info.street}
                  <br />
                  {info.city}, {info.state} {info.zipCode}
                  <br />
                  {info.email}
                  <br />
                  {info.phone}
                </Address>
              </Panel>
              <Panel aria-labelledby="order-progress-heading">
                <h2 id="order-progress-heading">Progress</h2>
                <Steps aria-label="Order progress">
                  {order.history.map((step) => (
                    <li key={step.status}>
                      <strong>{stepName(step.status)}</strong>
                      <time dateTime={step.at}>{when(step.at)}</time>
                    </li>
                  ))}
                  {revisingSince && (
                    <li>
                      <strong>{REVISING_PROOF}</strong>
                      <time dateTime={revisingSince}>Changes asked {when(revisingSince)}</time>
                    </li>
                  )}
                </Steps>
              </Panel>
            </Side>
          </Layout>
          {outcome && <Below>{extras?.(order, access)}</Below>}
        </>
      )}
    </>
  );
}

function NotFound({ signedIn }: { signedIn: boolean }) {
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);
  return (
    <MessageCard role="alert">
      <span className="icon" aria-hidden="true">
        <PackageIcon size={26} />
      </span>
      {/* Signed out, the order may well be theirs (the API answers 404 rather than say it exists). */}
      <h1 id="order-heading">{signedIn ? 'Order not found' : 'Is this your order?'}</h1>
      <p>
        {signedIn
          ? 'This order is not in your account. If you ordered as a guest, we can email you a link to it.'
          : 'Sign in to see an order of your account, or get a link to a guest order by email.'}
      </p>
      <div className="actions">
        {!signedIn && (
          <Button type="button" onClick={() => openAuthDialog('sign-in')}>
            Sign In
          </Button>
        )}
        <ButtonLink to="/orders/lookup" $variant="secondary">
          Find a guest order
        </ButtonLink>
      </div>
    </MessageCard>
  );
}

function OrderLoader({
  orderNumber,
  extras,
}: {
  orderNumber: number;
  extras?: OrderExtras | undefined;
}) {
  const [params] = useSearchParams();
  const access = params.get('access');
  const user = useShopStore((s) => s.user);
  const order = useOrder(orderNumber, access, user?.id ?? null);
  if (order.isPending) {
    return (
      <Skeleton role="status" aria-label="Loading the order">
        <div />
        <div />
      </Skeleton>
    );
  }
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return <NotFound signedIn={Boolean(user)} />;
    }
    return (
      <MessageCard role="alert">
        <h1 id="order-heading">The order could not be loaded</h1>
        <p>Please try again.</p>
        <div className="actions">
          <Button
            type="button"
            $variant="secondary"
            onClick={() => void order.refetch()}
            disabled={order.isFetching}
          >
            Try again
          </Button>
        </div>
      </MessageCard>
    );
  }
  return <OrderView order={order.data} access={access} extras={extras} />;
}

/**
 * /orders/{orderNumber}: one order for its customer, the guest session that placed it, or whoever
 * opens the guest link (`?access=`) from the confirmation email.
 */
export function OrderPage({ orderNumber, extras }: { orderNumber: string; extras?: OrderExtras }) {
  const sessionId = useShopStore((s) => s.sessionId);
  const authChecked = useShopStore((s) => s.authChecked);
  const number = /^\d{1,12}$/.test(orderNumber) ? Number(orderNumber) : null;
  return (
    <Page data-remote="account" data-session-id={sessionId} aria-labelledby="order-heading">
      {number === null ? (
        <NotFound signedIn={false} />
      ) : !authChecked ? (
        <Skeleton role="status" aria-label="Checking your account">
          <div />
        </Skeleton>
      ) : (
        <OrderLoader orderNumber={number} extras={extras} />
      )}
    </Page>
  );
}
