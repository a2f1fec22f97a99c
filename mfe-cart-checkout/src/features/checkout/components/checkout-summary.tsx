import { useId, useState } from 'react';
import styled from 'styled-components';
import type { Cart } from '../../../api/get-cart';
import { describeSeries } from '@shop/contracts/asset-tag-terms';
import { LabelSwatch } from '../../../components/label-swatch';
import { DroppedDiscount } from '../../../components/dropped-discount';
import { SummaryList, SummaryRow } from '../../../components/summary-list';
import {
  ChevronDownIcon,
  focusRing,
  fromLarge,
  theme,
  Card,
  CardTitle,
  LineName,
  VisuallyHidden,
  formatDollars,
} from '@shop/ui';
import type { ShippingEstimateState } from '../api/estimate-shipping';
import type { CheckoutQuote } from '../api/get-checkout-quote';
import { formatCount } from '@shop/contracts/money';

// On a phone the summary leads the page, folded to its total (the details, the form and the card
// come first otherwise, a long scroll from the total); from the large breakpoint it is open beside
// them and the toggle is gone.
const Sticky = styled(Card)`
  &[data-open='false'] [data-part='body'] {
    display: none;
  }
  ${fromLarge} {
    position: sticky;
    top: 6rem;
    &[data-open='false'] [data-part='body'] {
      display: block;
    }
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
  h2 {
    margin: 0;
  }
`;

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  padding: 0 0.75rem;
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.surface};
  color: ${theme.colors.brand};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  strong {
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  svg {
    transition: transform 150ms ease;
  }
  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
  &:focus-visible {
    ${focusRing}
  }
  ${fromLarge} {
    display: none;
  }
`;

const Body = styled.div`
  padding-top: 1rem;
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
    display: block;
    color: ${theme.colors.subtle};
    font-size: 0.825rem;
  }
  & > span {
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
/** Shipping and tax while the State and the ZIP name different regions (none is quoted then). */
const CHECK_ADDRESS = 'Check State and ZIP';

/** Which labels an asset-tag line holds, in a few words: a series' range or a spreadsheet's rows. */
function labelsOf({ productConfig: config, quantity }: Cart['items'][number]): string | null {
  if (config.series)
    return describeSeries(
      { customText: config.customText, series: config.series, code: config.code ?? null },
      quantity,
    );
  if (config.rows)
    return `${config.rows.originalName ?? 'Spreadsheet'}: ${formatCount(quantity)} rows`;
  return null;
}

interface CheckoutSummaryProps {
  /** The cart, with tax for the entered ZIP once it is a known one. */
  cart: Cart;
  shipping: ShippingEstimateState;
  /** Whether the entered ZIP or postal code is one tax can be worked out for. */
  taxKnown: boolean;
  /** The server's exact amounts for the entered address: what the card will be charged. */
  quote?: CheckoutQuote | null;
  /** Why the exact amounts could not be worked out for the entered address (the server's reason). */
  quoteError?: string | null;
  /** Why the entered address is not quoted (its ZIP is in another state than its State). */
  addressProblem?: string | null;
  /** The discount the cart no longer takes, and why ("SAVE5 was removed. ..."). */
  droppedDiscount?: string | null;
}

/** Items, subtotal, discount, shipping estimate, tax and what the card will be charged. */
export function CheckoutSummary({
  cart,
  shipping,
  taxKnown,
  quote = null,
  quoteError = null,
  addressProblem = null,
  droppedDiscount = null,
}: CheckoutSummaryProps) {
  const shippingAmount = quote?.shipping ?? shipping.charge?.amount ?? 0;
  // The server's quote names its carrier for a Canadian postal code too (no estimate is asked there).
  const carrier = quote ? quote.shippingCarrier : (shipping.charge?.carrier ?? null);
  const total = quote?.total ?? Math.round((cart.total + shippingAmount) * 100) / 100;
  const complete = quote !== null;
  const [open, setOpen] = useState(false);
  const bodyId = useId();

  return (
    <Sticky
      aria-labelledby="checkout-summary-title"
      data-testid="checkout-summary"
      data-open={open}
    >
      <Head>
        <CardTitle id="checkout-summary-title">Order Summary</CardTitle>
        <Toggle
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? 'Hide details' : 'Show details'} ·
          <strong data-testid="checkout-summary-toggle-total">
            {/* Until the address is quoted, an estimate, as the total inside says: "Est." fits a
                phone's line, and is read out whole. */}
            {!complete && (
              <>
                <span aria-hidden="true">Est. </span>
                <VisuallyHidden>Estimated </VisuallyHidden>
              </>
            )}
            {formatDollars(total)}
          </strong>
          <ChevronDownIcon size={18} aria-hidden="true" />
        </Toggle>
      </Head>
      <Body id={bodyId} data-part="body">
        <Items aria-label="Items in your order">
          {cart.items.map((item) => (
            <Item key={item.id}>
              <LabelSwatch line={item.productConfig} size="sm" />
              <p>
                <strong>
                  <LineName
                    material={item.productConfig.material}
                    width={item.productConfig.width}
                    height={item.productConfig.height}
                  />
                </strong>
                {labelsOf(item) && <small>{labelsOf(item)}</small>}
                <small>
                  {formatCount(item.quantity)} × {formatDollars(item.unitPrice)}
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
            term={carrier ? `Shipping (${CARRIER_NAMES[carrier]})` : 'Shipping'}
            tone={quote || shipping.charge ? 'default' : 'muted'}
            testId="checkout-shipping"
          >
            {quote
              ? formatDollars(quote.shipping)
              : addressProblem
                ? CHECK_ADDRESS
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
              : addressProblem
                ? CHECK_ADDRESS
                : taxKnown
                  ? formatDollars(cart.tax.amount)
                  : 'Enter your ZIP'}
          </SummaryRow>
          <SummaryRow term={complete ? 'Total' : 'Estimated total'} total testId="checkout-total">
            <span aria-live="polite">{formatDollars(total)}</span>
          </SummaryRow>
        </SummaryList>
        {droppedDiscount && !cart.discount && (
          <DroppedDiscount role="status">{droppedDiscount}</DroppedDiscount>
        )}
        <Note>
          Shipping is the lower of the USPS and UPS rates.{' '}
          {complete
            ? 'The total is exactly what your card will be charged.'
            : addressProblem || quoteError
              ? `The exact total could not be worked out: ${addressProblem ?? quoteError}`
              : 'Enter your ZIP or postal code to see the exact total before you pay.'}
        </Note>
      </Body>
    </Sticky>
  );
}
