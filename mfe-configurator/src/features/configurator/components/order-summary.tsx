import { useId, useMemo } from 'react';
import styled from 'styled-components';
import { COLOR_SWATCHES, MATERIAL_LABELS, MOUNTING_LABELS } from '@shop/contracts/label-options';
import type { LabelConfiguration } from '@shop/contracts/label-configuration';
import { formatDollars } from '@shop/contracts/money';
import {
  Button,
  FieldError,
  focusRing,
  fromLarge,
  QuantityStepper,
  theme,
  useDebouncedValue,
  cardSurface,
} from '@shop/ui';
import { usePriceQuote } from '../api/calculate-price';
import type { LabelDraft } from '../label-draft';
import { QuantityBreaks } from './quantity-breaks';

/** How long the configuration must stay still before it is priced. */
export const PRICE_DEBOUNCE_MS = 250;

const Panel = styled.section`
  padding: 1.25rem;
  ${cardSurface}
  ${fromLarge} {
    position: sticky;
    top: 5rem;
    padding: 1.5rem;
  }
  h2 {
    margin: 0 0 1rem;
    font-size: 1.25rem;
    color: ${theme.colors.brand};
  }
`;

const Specs = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.375rem 1rem;
  margin: 0 0 1.25rem;
  font-size: 0.9rem;
  dt {
    color: ${theme.colors.muted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Prices = styled.dl<{ $updating: boolean }>`
  display: grid;
  gap: 0.375rem;
  margin: 1.25rem 0 0.5rem;
  padding: 1rem;
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.page};
  border: 1px solid ${theme.colors.border};
  transition: opacity 150ms ease;
  opacity: ${({ $updating }) => ($updating ? 0.6 : 1)};
  div {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: 1rem;
  }
  dt {
    color: ${theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  div:last-child {
    padding-top: 0.5rem;
    border-top: 1px solid ${theme.colors.border};
  }
  div:last-child dt {
    color: ${theme.colors.ink};
    font-weight: 700;
  }
  div:last-child dd {
    font-size: 1.5rem;
    color: ${theme.colors.brand};
  }
`;

const PriceNote = styled.p`
  min-height: 1.25rem;
  margin: 0 0 0.75rem;
  font-size: 0.85rem;
  color: ${theme.colors.muted};
`;

const Retry = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${theme.colors.brand};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    ${focusRing}
  }
`;

const Note = styled.p`
  margin: 0.875rem 0 0;
  font-size: 0.85rem;
  color: ${theme.colors.muted};
`;

interface OrderSummaryProps {
  draft: LabelDraft;
  /** What the price is for, or null when the display shows zeros. */
  priceable: LabelConfiguration | null;
  quantityError?: string;
  onQuantityChange(quantity: string): void;
  adding: boolean;
  /** Editing a cart line: the button saves the line instead of adding one. */
  editing?: boolean;
  /** Shown when Add to Cart found fields to correct. */
  formError?: string;
}

function sizeText(draft: LabelDraft): string {
  const width = Number(draft.width);
  const height = Number(draft.height);
  if (
    draft.width === '' ||
    draft.height === '' ||
    !Number.isFinite(width) ||
    !Number.isFinite(height)
  )
    return '—';
  return `${width.toFixed(2)}″ × ${height.toFixed(2)}″`;
}

export function OrderSummary({
  draft,
  priceable,
  quantityError,
  onQuantityChange,
  adding,
  editing = false,
  formError,
}: OrderSummaryProps) {
  const headingId = useId();
  const count = Number.parseInt(draft.quantity, 10) || 0;
  // Debounced as text, so a re-render with an equal configuration does not restart the wait.
  const wanted = priceable ? JSON.stringify(priceable) : null;
  const settled = useDebouncedValue(wanted, PRICE_DEBOUNCE_MS);
  const settledConfiguration = useMemo(
    () => (settled ? (JSON.parse(settled) as LabelConfiguration) : null),
    [settled],
  );
  const quote = usePriceQuote(wanted === null ? null : settledConfiguration);

  // docs/product.md section 4: zeros while the label cannot be priced; otherwise the server's answer (the last
  // one stays, dimmed, while a newer one is on its way).
  const price = wanted === null ? { unitPrice: 0, total: 0 } : quote.data;
  const updating =
    wanted !== null && (wanted !== settled || quote.isFetching || quote.isPlaceholderData);
  const failed = wanted !== null && quote.isError && !updating;

  let note = '';
  if (wanted === null)
    note = 'Enter a size of at least 0.75 inches and a quantity to see your price.';
  else if (failed) note = 'We could not calculate the price just now.';
  else if (updating) note = 'Updating price…';

  const swatch = COLOR_SWATCHES[draft.color];
  const quantity = Number.parseInt(draft.quantity, 10) || 0;

  return (
    <Panel aria-labelledby={headingId} data-testid="order-summary">
      <h2 id={headingId}>Order Summary</h2>
      <Specs>
        <dt>Material</dt>
        <dd>{draft.material ? MATERIAL_LABELS[draft.material].name : '—'}</dd>
        <dt>Size</dt>
        <dd>{sizeText(draft)}</dd>
        <dt>Colours</dt>
        <dd>{swatch.name}</dd>
        <dt>Mounting</dt>
        <dd>{MOUNTING_LABELS[draft.mounting]}</dd>
        {draft.files.length > 0 && (
          <>
            <dt>Artwork</dt>
            <dd>
              {draft.files.length} {draft.files.length === 1 ? 'file' : 'files'}
            </dd>
          </>
        )}
      </Specs>
      <QuantityStepper
        type="number"
        text={draft.quantity}
        quantity={count}
        error={quantityError}
        onTextChange={(text) => onQuantityChange(text.replace(/[^\d]/g, ''))}
        onStep={(next) => onQuantityChange(String(next))}
        // An emptied field becomes 1 again: a quantity never goes below 1.
        onBlur={() => {
          if (count < 1) onQuantityChange('1');
        }}
      />
      <Prices $updating={updating} aria-live="polite" aria-atomic="true" aria-busy={updating}>
        <div>
          <dt>Unit price</dt>
          <dd data-testid="unit-price">{price ? formatDollars(price.unitPrice) : '—'}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd data-testid="total-price">{price ? formatDollars(price.total) : '—'}</dd>
        </div>
      </Prices>
      <PriceNote role="status">
        {note}{' '}
        {failed && (
          <Retry type="button" onClick={() => void quote.refetch()}>
            Try again
          </Retry>
        )}
      </PriceNote>
      <Button type="submit" $block disabled={adding}>
        {editing ? (adding ? 'Saving…' : 'Save Changes') : adding ? 'Adding…' : 'Add to Cart'}
      </Button>
      {formError && <FieldError role="alert">{formError}</FieldError>}
      <Note>Made to order in 3–5 business days. Shipping and tax are worked out at checkout.</Note>
      <QuantityBreaks label={priceable} quantity={quantity} />
    </Panel>
  );
}
