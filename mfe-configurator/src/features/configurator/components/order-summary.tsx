import { useId } from 'react';
import styled from 'styled-components';
import { COLOR_SWATCHES, MATERIAL_LABELS, MOUNTING_LABELS } from '@shop/contracts/label-options';
import type { LabelConfiguration } from '@shop/contracts/label-configuration';
import { CODE_TYPE_LABELS } from '@shop/contracts/asset-tag-options';
import { describeSeries } from '@shop/contracts/asset-tag-terms';
import { formatCount, formatDollars } from '@shop/contracts/money';
import {
  Button,
  FieldError,
  focusRing,
  fromLarge,
  QuantityStepper,
  busyProps,
  theme,
  cardSurface,
} from '@shop/ui';
import type { LabelDraft } from '../label-draft';
import type { LivePrice } from '../use-live-price';
import { QuantityBreaks } from './quantity-breaks';

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
  /* A newer price on its way: the box's edge turns dashed in the controls' colour (3.4:1), beside the
     note "Updating price…"; its text keeps full contrast (faded, the muted names fell to 2.8:1). */
  border: 1px ${({ $updating }) => ($updating ? 'dashed' : 'solid')}
    ${({ $updating }) => ($updating ? theme.colors.control : theme.colors.border)};
  div {
    display: flex;
    /* A six-figure total goes under its name on a 320 px screen, still on the right, rather than
       pushing the page wider than the screen. */
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: baseline;
    gap: 0 1rem;
  }
  dt {
    color: ${theme.colors.muted};
  }
  dd {
    margin: 0 0 0 auto;
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

const FixedQuantity = styled.p`
  margin: 0;
  font-size: 0.95rem;
`;

/** The summary's id: the phone's price bar leads to it. */
export const ORDER_SUMMARY_ID = 'order-summary';

interface OrderSummaryProps {
  draft: LabelDraft;
  /** What the price is for, or null when the display shows zeros. */
  priceable: LabelConfiguration | null;
  live: LivePrice;
  quantityError?: string;
  /** Both sizes are typed and the rules refuse them (configurator.tsx): the note says to correct it. */
  sizeRefused?: boolean;
  /** Size and quantity are fine but another field is refused: what to correct (configurator.tsx). */
  labelProblem?: string | null;
  /** The quantity error answers something just done (Enter): announce it at once. */
  announceQuantityError?: boolean;
  onQuantityChange(quantity: string): void;
  /** Enter in the quantity, or leaving it: the typed quantity is taken as it stands. */
  onQuantityDone(): void;
  adding: boolean;
  /** Editing a cart line: the button saves the line instead of adding one. */
  editing?: boolean;
  /** Shown when Add to Cart found fields to correct. */
  formError?: string;
  /** A spreadsheet's labels: one per row, so the quantity is not typed. */
  fixedQuantity?: number;
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
  // As typed when it has more than two decimals (refused): rounded, it would read as a good size.
  const shown = (value: number, typed: string) =>
    Number(value.toFixed(2)) === value ? value.toFixed(2) : typed.trim();
  return `${shown(width, draft.width)}″ × ${shown(height, draft.height)}″`;
}

export function OrderSummary({
  draft,
  live,
  quantityError,
  sizeRefused = false,
  labelProblem = null,
  announceQuantityError = false,
  onQuantityChange,
  onQuantityDone,
  adding,
  editing = false,
  formError,
  priceable,
  fixedQuantity,
}: OrderSummaryProps) {
  const headingId = useId();
  const { price, updating, failed } = live;

  let note = '';
  if (!live.priceable && sizeRefused) note = 'Correct the size to see your price.';
  else if (!live.priceable && quantityError) note = 'Correct the quantity to see your price.';
  else if (!live.priceable && labelProblem) note = `To see your price: ${labelProblem}.`;
  else if (!live.priceable)
    note = 'Enter a size of at least 0.75 inches and a quantity to see your price.';
  else if (failed) note = 'We could not calculate the price just now.';
  else if (updating) note = 'Updating price…';

  const swatch = COLOR_SWATCHES[draft.color];
  const quantity = fixedQuantity ?? (Number.parseInt(draft.quantity, 10) || 0);
  const series =
    priceable?.series && quantity > 0
      ? describeSeries(
          { customText: priceable.customText, series: priceable.series, code: priceable.code },
          quantity,
        )
      : null;

  return (
    <Panel aria-labelledby={headingId} data-testid="order-summary" id={ORDER_SUMMARY_ID}>
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
        {series && (
          <>
            <dt>Series</dt>
            <dd data-testid="summary-series">{series}</dd>
          </>
        )}
        {draft.mode === 'rows' && draft.sheet && (
          <>
            <dt>Rows</dt>
            <dd>{draft.sheet.originalName}</dd>
          </>
        )}
        {draft.codeType !== 'none' && (
          <>
            <dt>Code</dt>
            <dd>{CODE_TYPE_LABELS[draft.codeType]}</dd>
          </>
        )}
        {draft.files.length > 0 && (
          <>
            <dt>Artwork</dt>
            <dd>
              {draft.files.length} {draft.files.length === 1 ? 'file' : 'files'}
            </dd>
          </>
        )}
      </Specs>
      {fixedQuantity !== undefined ? (
        <FixedQuantity data-testid="fixed-quantity">
          Quantity: <strong>{formatCount(fixedQuantity)}</strong> (one label per row)
        </FixedQuantity>
      ) : (
        <QuantityStepper
          text={draft.quantity}
          quantity={quantity}
          error={quantityError}
          announceError={announceQuantityError}
          onTextChange={onQuantityChange}
          onStep={(next) => onQuantityChange(String(next))}
          onEnter={onQuantityDone}
          onBlur={onQuantityDone}
        />
      )}
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
          <Retry type="button" onClick={live.retry}>
            Try again
          </Retry>
        )}
      </PriceNote>
      <Button type="submit" $block {...busyProps(adding)}>
        {editing ? (adding ? 'Saving…' : 'Save Changes') : adding ? 'Adding…' : 'Add to Cart'}
      </Button>
      {formError && <FieldError role="alert">{formError}</FieldError>}
      <Note>Made to order in 3-5 business days. Shipping and tax are worked out at checkout.</Note>
      <QuantityBreaks label={priceable} quantity={quantity} perRow={fixedQuantity !== undefined} />
    </Panel>
  );
}
