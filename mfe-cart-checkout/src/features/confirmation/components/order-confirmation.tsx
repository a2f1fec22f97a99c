import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { useShopStore } from 'shell/store';
import {
  BreakableEmail,
  Button,
  ButtonLink,
  fromMedium,
  theme,
  Card,
  formatDollars,
} from '@shop/ui';
import type { LastOrder } from '../../../lib/last-order';

const ConfirmationCard = styled(Card)`
  display: grid;
  gap: 1.5rem;
  max-width: 44rem;
  margin: 0 auto;
  ${fromMedium} {
    padding: 2.5rem;
  }
`;

const Hero = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.5rem;
  text-align: center;
  p {
    margin: 0;
    color: ${theme.colors.muted};
    max-width: 32rem;
  }
`;

const Check = styled.div`
  display: grid;
  place-items: center;
  width: 4rem;
  height: 4rem;
  border-radius: 50%;
  background: ${theme.colors.successSoft};
  color: ${theme.colors.success};
  svg {
    width: 2rem;
    height: 2rem;
  }
`;

const Facts = styled.dl`
  display: grid;
  gap: 1px;
  margin: 0;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.border};
  overflow: hidden;
  ${fromMedium} {
    grid-template-columns: 1fr 1fr;
  }
  div {
    padding: 1rem 1.25rem;
    background: ${theme.colors.sunken};
  }
  dt {
    font-size: 0.825rem;
    color: ${theme.colors.subtle};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    font-weight: 700;
  }
  dd {
    margin: 0.25rem 0 0;
    font-size: 1.375rem;
    font-weight: 800;
    color: ${theme.colors.brand};
    font-variant-numeric: tabular-nums;
  }
`;

const Email = styled.p`
  margin: 0;
  padding: 0.875rem 1rem;
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.ink};
  overflow-wrap: anywhere;
`;

const Steps = styled.section`
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.125rem;
  }
  ol {
    display: grid;
    gap: 0.75rem;
    margin: 0;
    padding: 0;
    list-style: none;
    counter-reset: step;
  }
  li {
    display: grid;
    grid-template-columns: 2rem 1fr;
    gap: 0.75rem;
    counter-increment: step;
  }
  li::before {
    content: counter(step);
    display: grid;
    place-items: center;
    width: 2rem;
    height: 2rem;
    border-radius: 50%;
    background: ${theme.colors.brand};
    color: #fff;
    font-weight: 700;
    font-size: 0.9rem;
  }
  strong {
    display: block;
  }
  span {
    color: ${theme.colors.muted};
    font-size: 0.925rem;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.75rem;
`;

const Offer = styled.section`
  display: grid;
  gap: 0.75rem;
  padding: 1.25rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.sunken};
  h2 {
    margin: 0;
    font-size: 1.125rem;
  }
  p {
    margin: 0;
    color: ${theme.colors.muted};
    overflow-wrap: anywhere;
  }
  button {
    justify-self: start;
  }
`;

function Step({ title, children }: { title: string; children: string }) {
  return (
    <li>
      <p style={{ margin: 0 }}>
        <strong>{title}</strong>
        <span>{children}</span>
      </p>
    </li>
  );
}

/**
 * What happens after payment, as the confirmation email says it too: the proof first, which the
 * customer approves (or asks to change) before anything is engraved, unless they skipped it.
 */
function NextSteps({ skipProof }: { skipProof: boolean }) {
  return (
    <ol>
      {skipProof ? (
        <Step title="Production: 3-5 business days">
          You chose to skip the proof, so we engrave your labels exactly as ordered and
          quality-check them.
        </Step>
      ) : (
        <>
          <Step title="Check and approve your proof">
            We email you a proof of each label. Check it on your order&apos;s page, then approve it
            or tell us what to change: we engrave only after you approve.
          </Step>
          <Step title="Production: 3-5 business days">
            Once you approve, your labels are engraved and quality-checked.
          </Step>
        </>
      )}
      <Step title="Shipping">
        We send your order on its way and email you the tracking number when it ships.
      </Step>
    </ol>
  );
}

/**
 * The account a guest may create with what they just entered. What joins it is the API's rule:
 * paid guest orders with the account's email join once that email is confirmed (docs/product.md
 * section 10), so the page says exactly that.
 */
function AccountOffer({ order }: { order: LastOrder }) {
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);
  return (
    <Offer aria-labelledby="account-offer-title">
      <h2 id="account-offer-title">Keep track of this order with an account</h2>
      <p>
        Create an account with the details you just entered and add a password. We email{' '}
        <strong>
          <BreakableEmail email={order.email} />
        </strong>{' '}
        a link to confirm it; once you follow it, this order and any others you placed as a guest
        with that email appear in your order history.
      </p>
      <Button
        type="button"
        $variant="secondary"
        onClick={() =>
          openAuthDialog('create-account', { email: order.email, ...(order.details ?? {}) })
        }
      >
        Create an account
      </Button>
    </Offer>
  );
}

/**
 * For a customer signed in after placing the order as a guest: whether and when it joins their
 * history. The API's rule: paid guest orders join an account when the account's email, the same as
 * the order's, is confirmed by its emailed link (docs/product.md section 10).
 */
function GuestOrderNote({ order }: { order: LastOrder }) {
  const user = useShopStore((s) => s.user);
  const sameEmail = user?.email.toLowerCase() === order.email.toLowerCase();
  return (
    <Email data-testid="guest-order-joins">
      {sameEmail && !user?.emailConfirmed ? (
        <>
          This order was placed as a guest: it joins your order history once{' '}
          <strong>
            <BreakableEmail email={order.email} />
          </strong>{' '}
          is confirmed by the link we emailed there.
        </>
      ) : (
        <>
          This order was placed as a guest, so it is not in this account’s order history. Its page
          stays open to you through the link in its confirmation email, or through{' '}
          <Link to="/orders/lookup">Find a guest order</Link>.
        </>
      )}
    </Email>
  );
}

/** The thank-you: order number, what was charged, what happens next, and the email on its way. */
export function OrderConfirmation({ order }: { order: LastOrder }) {
  const signedIn = useShopStore((s) => s.user !== null);
  return (
    <ConfirmationCard aria-labelledby="confirmation-title" data-testid="order-confirmation">
      <Hero>
        <Check aria-hidden="true">
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </Check>
        <h2 id="confirmation-title" style={{ margin: 0, fontSize: '1.5rem' }}>
          Thank you for your order!
        </h2>
        <p>
          {order.skipProof
            ? 'Your payment was successful and your custom labels are now in our queue.'
            : 'Your payment was successful. Next, please check and approve the proof of your labels.'}
        </p>
      </Hero>
      <Facts>
        <div>
          <dt>Order number</dt>
          <dd data-testid="order-number">#{order.orderNumber}</dd>
        </div>
        <div>
          <dt>Total charged</dt>
          <dd data-testid="order-total">{formatDollars(order.total)}</dd>
        </div>
      </Facts>
      <Email>
        A confirmation email is on its way to{' '}
        <strong>
          <BreakableEmail email={order.email} />
        </strong>{' '}
        with your order details and receipt.
      </Email>
      <Steps aria-labelledby="next-steps-title">
        <h2 id="next-steps-title">What happens next</h2>
        <NextSteps skipProof={order.skipProof} />
      </Steps>
      {!signedIn && <AccountOffer order={order} />}
      {signedIn && !order.signedIn && <GuestOrderNote order={order} />}
      <Actions>
        <ButtonLink to={`/orders/${order.orderNumber}`}>
          {order.skipProof ? 'View your order' : 'Review your proof'}
        </ButtonLink>
        <ButtonLink to="/products" $variant="secondary">
          Continue Shopping
        </ButtonLink>
        {signedIn && order.signedIn && (
          <ButtonLink to="/orders" $variant="secondary">
            View Order History
          </ButtonLink>
        )}
      </Actions>
    </ConfirmationCard>
  );
}
