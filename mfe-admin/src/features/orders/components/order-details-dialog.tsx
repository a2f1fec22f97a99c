import styled from 'styled-components';
import { Dialog, DialogDescription, DialogTitle, theme } from '@shop/ui';
import {
  colorName,
  formatDate,
  formatDollars,
  formatInches,
  formatTime,
  materialName,
  mountingName,
} from '@shop/ui';
import type { AdminOrder } from '../api/get-admin-orders';
import { OrderStatusBadge, PaymentBadge } from './order-badges';

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

const Totals = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 0.25rem 1rem;
  margin: 1rem 0 0 auto;
  max-width: 18rem;
  dt {
    color: ${theme.colors.muted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .total {
    font-weight: 700;
    color: ${theme.colors.ink};
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-bottom: 1.25rem;
`;

export function OrderDetailsDialog({
  order,
  onClose,
}: {
  order: AdminOrder | null;
  onClose(): void;
}) {
  const info = order?.customerInfo;
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && onClose()} width="44rem">
      {order && (
        <>
          <DialogTitle>Order #{order.orderNumber}</DialogTitle>
          <DialogDescription>
            Placed {formatDate(order.createdAt)} at {formatTime(order.createdAt)}
            {order.customerId ? ' by a signed-in customer' : ' as a guest'}.
          </DialogDescription>
          <Badges>
            <OrderStatusBadge status={order.status} />
            <PaymentBadge status={order.paymentStatus} />
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
                <p>{order.paidAt ? `Paid ${formatDate(order.paidAt)}` : 'Not paid yet'}</p>
              </div>
            )}
          </Grid>
          <Items aria-label="Items">
            {order.items.map((item, index) => (
              <li key={item.id ?? index}>
                <div>
                  <div>
                    {item.quantity} × {materialName(item.productConfig.material)}{' '}
                    {formatInches(item.productConfig.width)} ×{' '}
                    {formatInches(item.productConfig.height)}
                  </div>
                  <div className="details">
                    {colorName(item.productConfig.color)} ·{' '}
                    {mountingName(item.productConfig.mounting)}
                    {item.productConfig.customText && <> · “{item.productConfig.customText}”</>}
                  </div>
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
            <dt>Subtotal</dt>
            <dd>{formatDollars(order.subtotal)}</dd>
            {order.discountAmount > 0 && (
              <>
                <dt>Discount{order.discountCode ? ` (${order.discountCode})` : ''}</dt>
                <dd>−{formatDollars(order.discountAmount)}</dd>
              </>
            )}
            <dt>Shipping</dt>
            <dd>{formatDollars(order.shipping)}</dd>
            <dt>Tax{order.taxRegion ? ` (${order.taxRegion})` : ''}</dt>
            <dd>{formatDollars(order.tax)}</dd>
            <dt className="total">Total</dt>
            <dd className="total">{formatDollars(order.total)}</dd>
          </Totals>
        </>
      )}
    </Dialog>
  );
}
