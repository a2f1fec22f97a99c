import styled from 'styled-components';
import type { Cart } from '../../../api/get-cart';
import { LabelSwatch } from '../../../components/label-swatch';
import { SummaryList, SummaryRow } from '../../../components/summary-list';
import {
  fromLarge,
  theme,
  Card,
  CardTitle,
  formatSize,
  materialName,
  formatDollars,
} from '@shop/ui';
import type { ShippingEstimateState } from '../api/estimate-shipping';
import type { CheckoutQuote } from '../api/get-checkout-quote';

const Sticky = styled(Card)`
  ${fromLarge} {
    position: sticky;
    top: 6rem;
  }
`;

const Items = styled.ul`
  display: grid;
  gap: 0.875rem;
  margin: 0 0 1.25rem;
  padding: 0 0 1.25rem;
  list-style: none;
  border-bottom: 1px solid ${theme.colors.border};
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: 0.75rem;
  font-size: 0.9rem;
  p {
    margin: 0;
    min-width: 0;
  }
  strong {
    display: block;
    color: ${theme.colors.ink};
  }
  small {
    color: ${theme.colors.subtle};
    font-size: 0.825rem;
  }
  span {
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const Note = styled.p`
  margin: 0.875rem 0 0;
  font-size: 0.825rem;
  color: ${theme.colors.subtle};
`;

const CARRIER_NAMES = { usps: 'USPS', ups: 'UPS' } as const;

interface CheckoutSummaryProps {
  /** The cart, with tax for the entered ZIP once it is a known one. */
  cart: Cart;
  shipping: ShippingEstimateState;
  /** Whether the entered ZIP or postal code is one tax can be worked out for. */
  taxKnown: boolean;
  /** The server's exact amounts for the entered address: what the card will be charged. */
  quote?: CheckoutQuote | null;
}

/** Items, subtotal, discount, shipping estimate, tax and what the card will be charged. */
export function CheckoutSummary({ cart, shipping, taxKnown, quote = null }: CheckoutSummaryProps) {
  const shippingAmount = quote?.shipping ?? shipping.charge?.amount ?? 0;
  const total = quote?.total ?? Math.round((cart.total + shippingAmount) * 100) / 100;
  const complete = quote !== null;

  return (
    <Sticky aria-labelledby="checkout-summary-title" data-testid="checkout-summary">
      <CardTitle id="checkout-summary-title">Order Summary</CardTitle>
      <Items aria-label="Items in your order">
        {cart.items.map((item) => (
          <Item key={item.id}>
            <LabelSwatch
              color={item.productConfig.color}
              text={item.productConfig.customText}
              size="sm"
            />
            <p>
              <strong>
                {materialName(item.productConfig.material)} label,{' '}
                {formatSize(item.productConfig.width, item.productConfig.height)}
              </strong>
              <small>
                {item.quantity} × {formatDollars(item.unitPrice)}
              </small>
            </p>
            <span>{formatDollars(item.totalPrice)}</span>
          </Item>
        ))}
      </Items>
      <SummaryList>
        <SummaryRow term="Subtotal" testId="checkout-subtotal">
          {formatDollars(cart.subtotal)}
        </SummaryRow>
        {cart.discount && (
          <SummaryRow
            term={`Discount (${cart.discount.code})`}
            tone="success"
            testId="checkout-discount"
          >
            −{formatDollars(cart.discount.amount)}
          </SummaryRow>
        )}
        <SummaryRow
          term={
            shipping.charge ? `Shipping (${CARRIER_NAMES[shipping.charge.carrier]})` : 'Shipping'
          }
          tone={shipping.charge ? 'default' : 'muted'}
          testId="checkout-shipping"
        >
          {quote
            ? formatDollars(quote.shipping)
            : shipping.charge
              ? formatDollars(shipping.charge.amount)
              : shipping.loading
                ? 'Estimating…'
                : shipping.failed
                  ? 'Unavailable'
                  : taxKnown
                    ? 'Added when your order is placed'
                    : 'Enter a 5-digit ZIP'}
        </SummaryRow>
        <SummaryRow
          term={cart.tax.region && taxKnown ? `Tax (${cart.tax.region})` : 'Tax'}
          tone={taxKnown ? 'default' : 'muted'}
          testId="checkout-tax"
        >
          {quote
            ? formatDollars(quote.tax)
            : taxKnown
              ? formatDollars(cart.tax.amount)
              : 'Enter your ZIP'}
        </SummaryRow>
        <SummaryRow term={complete ? 'Total' : 'Estimated total'} total testId="checkout-total">
          <span aria-live="polite">{formatDollars(total)}</span>
        </SummaryRow>
      </SummaryList>
      <Note>
        Shipping is the lower of the USPS and UPS rates.{' '}
        {complete
          ? 'The total is exactly what your card will be charged.'
          : 'Enter your ZIP or postal code to see the exact total before you pay.'}
      </Note>
    </Sticky>
  );
}
