import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useShopStore } from 'shell/store';
import type { Cart } from '../../../api/get-cart';
import { ButtonLink, countOf, fromLarge, theme, Card, CardTitle, formatDollars } from '@shop/ui';
import { DroppedDiscount } from '../../../components/dropped-discount';
import { SummaryList, SummaryRow } from '../../../components/summary-list';
import { afterDiscount } from '../../../lib/money';
import { DiscountCodeForm } from './discount-code-form';

const Sticky = styled(Card)`
  display: grid;
  gap: 1.25rem;
  ${fromLarge} {
    position: sticky;
    top: 6rem;
  }
`;

const Continue = styled(Link)`
  justify-self: center;
  /* A 44 px target on a phone, as the buttons above it. */
  display: inline-flex;
  align-items: center;
  min-height: 2.75rem;
  color: ${theme.colors.brand};
  font-size: 0.925rem;
  font-weight: 600;
  text-underline-offset: 3px;
`;

const Secure = styled.p`
  margin: -0.5rem 0 0;
  text-align: center;
  font-size: 0.8rem;
  color: ${theme.colors.subtle};
`;

interface CartSummaryProps {
  cart: Cart;
  /** Why the API took the shopper's discount off, if it did. */
  droppedDiscount: string | null;
}

/** Subtotal, discount, shipping and tax (worked out at checkout), total, and the way on. */
export function CartSummary({ cart, droppedDiscount }: CartSummaryProps) {
  const discount = useShopStore((s) => s.discount);
  const discountAmount = discount?.amount ?? 0;
  return (
    <Sticky aria-labelledby="cart-summary-title" data-testid="cart-summary">
      <CardTitle id="cart-summary-title" style={{ margin: 0 }}>
        Order Summary
      </CardTitle>
      <SummaryList>
        <SummaryRow
          term={`Subtotal (${countOf(cart.itemCount, 'label')})`}
          testId="summary-subtotal"
        >
          {formatDollars(cart.subtotal)}
        </SummaryRow>
        {discount && (
          <SummaryRow term={`Discount (${discount.code})`} tone="success" testId="summary-discount">
            −{formatDollars(discountAmount)}
          </SummaryRow>
        )}
        <SummaryRow term="Shipping" tone="muted">
          Calculated at checkout
        </SummaryRow>
        <SummaryRow term="Tax" tone="muted">
          Calculated at checkout
        </SummaryRow>
        <SummaryRow term="Total" total testId="summary-total">
          {formatDollars(afterDiscount(cart.subtotal, discountAmount))}
        </SummaryRow>
      </SummaryList>
      {droppedDiscount && !discount && (
        <DroppedDiscount role="status">{droppedDiscount}</DroppedDiscount>
      )}
      <DiscountCodeForm subtotal={cart.subtotal} />
      <ButtonLink to="/checkout" $size="lg" $block>
        Proceed to Checkout
      </ButtonLink>
      <Secure>Secure card payment. Shipping and tax are added at checkout.</Secure>
      <Continue to="/products">Continue shopping</Continue>
    </Sticky>
  );
}
