import styled from 'styled-components';
import { useShopStore } from 'shell/store';
import { ButtonLink, fromMedium, theme, Card, formatDollars } from '@shop/ui';
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
        <p>Your payment was successful and your custom labels are now in our queue.</p>
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
        A confirmation email has been sent to <strong>{order.email}</strong> with your order details
        and receipt.
      </Email>
      <Steps aria-labelledby="next-steps-title">
        <h2 id="next-steps-title">What happens next</h2>
        <ol>
          <li>
            <p style={{ margin: 0 }}>
              <strong>We review your order</strong>
              <span>Our team checks your label details and any artwork you uploaded.</span>
            </p>
          </li>
          <li>
            <p style={{ margin: 0 }}>
              <strong>Production: 3-5 business days</strong>
              <span>Your labels are engraved and quality-checked.</span>
            </p>
          </li>
          <li>
            <p style={{ margin: 0 }}>
              <strong>Shipping</strong>
              <span>We send your order on its way and let you know when it ships.</span>
            </p>
          </li>
        </ol>
      </Steps>
      <Actions>
        <ButtonLink to="/products">Continue Shopping</ButtonLink>
        {signedIn ? (
          <ButtonLink to="/orders" $variant="secondary">
            View Order History
          </ButtonLink>
        ) : (
          <ButtonLink to="/" $variant="secondary">
            Back to Home
          </ButtonLink>
        )}
      </Actions>
    </ConfirmationCard>
  );
}
