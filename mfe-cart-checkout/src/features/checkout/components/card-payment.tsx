import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button, theme, Card, CardTitle, formatDollars } from '@shop/ui';
import { Spinner } from '../../../components/spinner';
import { CARD_CONTAINER_ID, type CardFormState } from '../hooks/use-card-form';
import type { PaymentFailure } from '../hooks/use-place-order';
import { CHECKOUT_FORM_ID } from './contact-form';

const CardBox = styled.div`
  position: relative;
  min-height: 5.5rem;
  margin-bottom: 1rem;
`;

/** The provider draws its card fields (an iframe) in here; React never renders children into it. */
const CardContainer = styled.div`
  min-height: 5.5rem;
`;

const Status = styled.p<{ $tone: 'muted' | 'danger' }>`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  margin: 0;
  padding: 0.875rem 1rem;
  border: 1px ${({ $tone }) => ($tone === 'danger' ? 'solid' : 'dashed')}
    ${({ $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.borderStrong)};
  border-radius: ${theme.radiusSmall};
  background: ${({ $tone }) => ($tone === 'danger' ? theme.colors.dangerSoft : theme.colors.sunken)};
  color: ${({ $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.muted)};
  font-size: 0.925rem;
`;

const Overlay = styled(Status)`
  position: absolute;
  inset: 0;
`;

const Failure = styled.div`
  margin-bottom: 1rem;
  padding: 0.875rem 1rem;
  border: 1px solid ${theme.colors.danger};
  border-left-width: 4px;
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.danger};
  strong {
    display: block;
    margin-bottom: 0.125rem;
  }
  p {
    margin: 0;
    color: ${theme.colors.ink};
  }
`;

// The card's width is the button's: the amount keeps to the button's line on a phone.
const PayButton = styled(Button)`
  padding-inline: 0.75rem;
`;

const Secure = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.375rem;
  margin: 0.875rem 0 0;
  font-size: 0.825rem;
  color: ${theme.colors.subtle};
  text-align: center;
`;

interface CardPaymentProps {
  cardForm: CardFormState;
  processing: boolean;
  failure: PaymentFailure | null;
  /** The exact amount the server will charge for the entered address, once known. */
  total?: number | null;
}

/** The provider's card form and the Complete Payment button (disabled while paying or not ready). */
export function CardPayment({ cardForm, processing, failure, total = null }: CardPaymentProps) {
  const ready = cardForm.status === 'ready';
  // A refused payment: Complete Payment is brought to the foot of the screen, with the failure box
  // and the card fields just above it. On a phone the toast that says the same covers the top of
  // the screen, and must not cover the card number to change. Focus goes back to the button, which
  // was disabled while paying (focus had fallen to the page's top): the keyboard starts there again.
  const payButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!failure || processing) return;
    payButton.current?.scrollIntoView?.({ block: 'end' });
    payButton.current?.focus({ preventScroll: true });
  }, [failure, processing]);
  return (
    <Card aria-labelledby="payment-title" aria-busy={processing || undefined}>
      <CardTitle id="payment-title">Payment</CardTitle>
      <CardBox>
        <CardContainer id={CARD_CONTAINER_ID} data-testid="card-container" />
        {cardForm.status === 'loading' && (
          <Overlay $tone="muted" role="status">
            <Spinner /> Loading secure card form…
          </Overlay>
        )}
        {cardForm.status === 'error' && (
          <Overlay $tone="danger" role="alert">
            {cardForm.error}
          </Overlay>
        )}
      </CardBox>
      {failure && (
        <Failure role="alert" data-testid="payment-failure">
          <strong>{failure.title}</strong>
          <p>{failure.description}</p>
        </Failure>
      )}
      <PayButton
        ref={payButton}
        type="submit"
        form={CHECKOUT_FORM_ID}
        $size="lg"
        $block
        disabled={processing || !ready}
      >
        {processing ? (
          <>
            <Spinner /> Processing Payment…
          </>
        ) : total !== null ? (
          `Complete Payment: ${formatDollars(total)}`
        ) : (
          'Complete Payment'
        )}
      </PayButton>
      <Secure>
        <svg
          width="14"
          height="14"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
        Card details go straight to our payment provider; we never see or store them.
      </Secure>
    </Card>
  );
}
