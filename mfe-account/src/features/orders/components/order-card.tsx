import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { variableDataTerms } from '@shop/contracts/asset-tag-terms';
import { formatCount } from '@shop/contracts/money';
import {
  cardSurface,
  colorName,
  colorSwatch,
  formatDate,
  formatDollars,
  formatTimeWithZone,
  fromMedium,
  LineName,
  mountingName,
  OrderStatusBadge,
  OrderTotalRows,
  theme,
  VisuallyHidden,
} from '@shop/ui';
import type { OrderHistoryEntry } from '../api/get-orders';
import { OrderAgainButton } from '../../../components/order-again-button';
import { shownStatusLabel } from '@shop/contracts/orders';

const Card = styled.article`
  ${cardSurface}
  overflow: hidden;
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 0.75rem 1rem;
  padding: 1rem 1.25rem;
  border-bottom: 1px solid ${theme.colors.border};
  background: ${theme.colors.page};
  h2 {
    margin: 0;
    font-size: 1.1rem;
    color: ${theme.colors.brand};
  }
  h2 a {
    color: inherit;
  }
  p {
    margin: 0.125rem 0 0;
    font-size: 0.875rem;
    color: ${theme.colors.muted};
  }
  ${fromMedium} {
    padding: 1rem 1.5rem;
  }
`;

// Under the order number on phones (left), beside it from medium screens up (right).
const HeaderEnd = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.25rem;
  ${fromMedium} {
    align-items: flex-end;
  }
`;

const Tracking = styled.p`
  margin: 0;
  padding: 0.75rem 1.25rem;
  border-bottom: 1px solid #e2e8f0;
  background: #eff6ff;
  color: #1e3a8a;
  overflow-wrap: anywhere;
  a {
    color: #1d4ed8;
    font-weight: 600;
  }
`;

const Items = styled.ul`
  margin: 0;
  padding: 0 1.25rem;
  list-style: none;
  ${fromMedium} {
    padding: 0 1.5rem;
  }
`;

// The price stays beside the line's description while both fit, and goes under it (still on the
// right) when they do not ("UV-Resistant label" beside $379,200.00 on a 320 px phone), rather than
// squeezing the description to a word a line or pushing the price past the card's clipped edge.
const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 0.875rem;
  align-items: center;
  padding: 0.875rem 0;
  border-bottom: 1px solid ${theme.colors.sunken};
  > div:first-of-type {
    flex: 1 1 9rem;
    min-width: 0;
  }
  &:last-child {
    border-bottom: 0;
  }
  .name {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .details {
    font-size: 0.875rem;
    color: ${theme.colors.muted};
    overflow-wrap: anywhere;
  }
  .text {
    font-size: 0.875rem;
    color: ${theme.colors.ink};
    overflow-wrap: anywhere;
  }
  .price {
    margin-left: auto;
    text-align: right;
    white-space: nowrap;
  }
  .price strong {
    display: block;
  }
  .price span {
    font-size: 0.85rem;
    color: ${theme.colors.muted};
  }
`;

const Swatch = styled.span<{ $background: string; $text: string }>`
  flex: none;
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2rem;
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: 0.375rem;
  background: ${({ $background }) => $background};
  color: ${({ $text }) => $text};
  font-size: 0.7rem;
  font-weight: 700;
  letter-spacing: 0.04em;
`;

const Footer = styled.div`
  display: grid;
  gap: 1rem;
  padding: 1rem 1.25rem 1.25rem;
  border-top: 1px solid ${theme.colors.border};
  ${fromMedium} {
    grid-template-columns: 1fr minmax(16rem, 20rem);
    padding: 1rem 1.5rem 1.25rem;
  }
`;

const Notes = styled.div`
  h3 {
    margin: 0 0 0.25rem;
    font-size: 0.875rem;
    color: ${theme.colors.muted};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  p {
    margin: 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`;

const Totals = styled.dl`
  display: grid;
  /* As the kit's TotalsList: a long discount code wraps in its label, the amounts stay in view. */
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 0.375rem 0;
  margin: 0;
  grid-column: -2;
  dt {
    color: ${theme.colors.muted};
    overflow-wrap: anywhere;
  }
  dd {
    margin: 0;
    padding-left: 1rem;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .discount {
    color: ${theme.colors.success};
  }
  .total {
    padding-top: 0.5rem;
    border-top: 1px solid ${theme.colors.border};
    font-weight: 700;
    color: ${theme.colors.ink};
  }
`;

export function OrderCard({ order }: { order: OrderHistoryEntry }) {
  const headingId = `order-${order.id}`;
  // With its zone's name, as the order's page says it (order-page.tsx).
  const time = formatTimeWithZone(order.createdAt);
  return (
    <Card aria-labelledby={headingId} data-testid="order-card">
      <Header>
        <div>
          <h2 id={headingId}>
            <Link to={`/orders/${order.orderNumber}`}>Order #{order.orderNumber}</Link>
          </h2>
          <p>
            Placed{' '}
            <time dateTime={order.createdAt}>
              {formatDate(order.createdAt)}
              {time && ` at ${time}`}
            </time>
          </p>
        </div>
        <HeaderEnd>
          <OrderStatusBadge
            status={order.status}
            label={shownStatusLabel(order.status, order.proofStatus)}
          />
          <OrderAgainButton
            order={order}
            variant="secondary"
            size="sm"
            hasSeries={order.items.some((item) => item.productConfig.series)}
            lines={order.items}
          />
        </HeaderEnd>
      </Header>
      {order.shipment && (
        <Tracking>
          Shipped with {order.shipment.carrier === 'other' ? 'the carrier' : order.shipment.carrier}{' '}
          on {formatDate(order.shipment.shippedAt)} · tracking number{' '}
          {order.shipment.trackingNumber}
          {order.shipment.trackingUrl && (
            <>
              {' · '}
              <a href={order.shipment.trackingUrl} target="_blank" rel="noreferrer noopener">
                Track your parcel
                <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </a>
            </>
          )}
        </Tracking>
      )}
      <Items aria-label={`Items in order ${order.orderNumber}`}>
        {order.items.map((item, index) => {
          // The text engraved: a proof revision's where it changed the one ordered.
          const changed = item.engravedText ?? null;
          const config =
            changed === null ? item.productConfig : { ...item.productConfig, customText: changed };
          const swatch = colorSwatch(config.color);
          return (
            <Item key={item.id ?? index}>
              <Swatch $background={swatch.background} $text={swatch.text} aria-hidden="true">
                Aa
              </Swatch>
              <div>
                <div className="name">
                  <LineName
                    material={config.material}
                    width={config.width}
                    height={config.height}
                  />
                </div>
                <div className="details">
                  {colorName(config.color)} · {mountingName(config.mounting)}
                  {item.files &&
                    item.files.length > 0 &&
                    ` · ${item.files.length} file${item.files.length === 1 ? '' : 's'}`}
                </div>
                {config.customText && !config.series && (
                  <div className="text">
                    “{config.customText}”{changed !== null && ' (changed on the proof)'}
                  </div>
                )}
                {variableDataTerms(config, item.quantity).map(([term, detail]) => (
                  <div className="text" key={term}>
                    {term}: {detail}
                    {changed !== null && term === 'Series' && ' (changed on the proof)'}
                  </div>
                ))}
              </div>
              <div className="price">
                <strong>{formatDollars(item.totalPrice)}</strong>
                <span>Qty {formatCount(item.quantity)}</span>
              </div>
            </Item>
          );
        })}
      </Items>
      <Footer>
        {order.notes && (
          <Notes>
            <h3>Notes</h3>
            <p>{order.notes}</p>
          </Notes>
        )}
        <Totals aria-label={`Totals for order ${order.orderNumber}`}>
          <OrderTotalRows order={order} />
          {order.status === 'cancelled' && (
            <>
              <dt>Refunded</dt>
              <dd>{formatDollars(order.refunded ?? 0)}</dd>
            </>
          )}
        </Totals>
      </Footer>
    </Card>
  );
}
