import styled from 'styled-components';
import { formatCount, formatDollars } from '@shop/contracts/money';
import { Button, fromLarge, theme } from '@shop/ui';
import type { LivePrice } from '../use-live-price';
import { ORDER_SUMMARY_ID } from './order-summary';
import { usePinnedHeight } from './preview-dock';

// Below the large breakpoint the Order Summary comes after every step, a long scroll down on a
// phone: this bar keeps the price in view while configuring, and rests above the summary at the end
// of the steps. From the large breakpoint the summary itself stays beside the steps.
const Bar = styled.section<{ $updating: boolean }>`
  position: sticky;
  bottom: 0;
  z-index: ${theme.layers.stickyBar};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 0.625rem 0.75rem 0.625rem 1rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  box-shadow: 0 -6px 16px rgb(15 23 42 / 0.12);
  h2 {
    margin: 0;
    font-size: 0.8rem;
    font-weight: 600;
    color: ${theme.colors.muted};
  }
  .total {
    display: block;
    font-size: 1.375rem;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
    color: ${theme.colors.brand};
    /* A newer price on its way: a dashed underline in the controls' colour (3.4:1), the digits at
       full contrast (faded, they fell below 4.5:1). */
    text-decoration: ${({ $updating }) =>
      $updating ? `underline dashed ${theme.colors.control}` : 'none'};
    text-underline-offset: 0.25em;
  }
  .each {
    display: block;
    font-size: 0.8rem;
    color: ${theme.colors.muted};
    font-variant-numeric: tabular-nums;
  }
  ${fromLarge} {
    display: none;
  }
`;

/** The live total while configuring on a phone, and a way to the summary (its quantity, Add to Cart). */
export function PriceBar({
  live,
  quantity,
  problem = null,
}: {
  live: LivePrice;
  quantity: number;
  /** A field the rules refuse as typed: the bar says to correct it (configurator.tsx). */
  problem?: 'size' | 'quantity' | 'label' | null;
}) {
  const { price } = live;
  const bar = usePinnedHeight('--price-bar');
  const goToSummary = () => {
    const summary = document.getElementById(ORDER_SUMMARY_ID);
    summary?.scrollIntoView({ block: 'start' });
    summary?.querySelector<HTMLInputElement>('input[name="quantity"]')?.focus({
      preventScroll: true,
    });
  };
  return (
    <Bar
      ref={bar}
      $updating={live.updating}
      aria-busy={live.updating}
      aria-labelledby="price-bar-heading"
      data-testid="price-bar"
    >
      <div>
        <h2 id="price-bar-heading">Your price</h2>
        <span className="total" data-testid="price-bar-total">
          {price ? formatDollars(price.total) : '—'}
        </span>
        <span className="each">
          {live.priceable && quantity > 0 && price
            ? `${formatCount(quantity)} × ${formatDollars(price.unitPrice)}`
            : problem === 'size'
              ? 'Correct the size'
              : problem === 'quantity'
                ? 'Correct the quantity'
                : problem === 'label'
                  ? 'Complete the label'
                  : 'Choose a size and quantity'}
        </span>
      </div>
      <Button type="button" $variant="secondary" $size="sm" onClick={goToSummary}>
        See order summary
      </Button>
    </Bar>
  );
}
