import styled from 'styled-components';
import type { Material, Mounting } from '@shop/contracts/label-options';
import { formatDollars, toDollars } from '@shop/contracts/money';
import { priceLabel, QUANTITY_BREAKS } from '@shop/contracts/pricing';
import { TableHead, theme, VisuallyHidden } from '@shop/ui';

/** The quantity tiers, smallest first: 1 (no break), then each break. */
export const QUANTITY_TIERS = [
  { minQuantity: 1, percentOff: 0 },
  ...[...QUANTITY_BREAKS].reverse(),
];

function tierRange(index: number): string {
  const tier = QUANTITY_TIERS[index]!;
  const next = QUANTITY_TIERS[index + 1];
  return next ? `${tier.minQuantity}–${next.minQuantity - 1}` : `${tier.minQuantity}+`;
}

export interface PricedShape {
  material: Material;
  width: number;
  height: number;
  mounting: Mounting;
}

const Box = styled.div`
  margin-top: 1.25rem;
  padding-top: 1.25rem;
  border-top: 1px solid ${theme.colors.border};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  caption {
    margin-bottom: 0.5rem;
    text-align: left;
    font-weight: 700;
    color: ${theme.colors.brand};
  }
  th,
  td {
    padding: 0.4rem 0.5rem;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  th:first-child {
    text-align: left;
  }
  thead th {
    font-size: 0.75rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${theme.colors.muted};
    border-bottom: 1px solid ${theme.colors.border};
  }
  tbody th {
    font-weight: 600;
  }
  tbody tr + tr {
    border-top: 1px solid ${theme.colors.sunken};
  }
  tr[aria-current='true'] {
    background: ${theme.colors.accentSoft};
  }
  tr[aria-current='true'] th,
  tr[aria-current='true'] td {
    color: ${theme.colors.accentHover};
    font-weight: 700;
  }
`;

const Nudge = styled.p`
  margin: 0.75rem 0 0;
  padding: 0.625rem 0.75rem;
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.successSoft};
  color: ${theme.colors.success};
  font-size: 0.875rem;
  font-weight: 600;
`;

interface QuantityBreaksProps {
  /** The label to price each tier for; null shows the discounts without prices. */
  label: PricedShape | null;
  quantity: number;
  /** The quantity is a spreadsheet's row count: more labels means more rows, not a bigger number. */
  perRow?: boolean;
}

/**
 * What a larger order saves (docs/design.md section 4): the unit price at each quantity tier, with the
 * shopper's own tier marked, and how many more labels reach the next one. The prices come from the same
 * rules the server uses (the contracts package), for the tiers the shopper has not asked about.
 */
export function QuantityBreaks({ label, quantity, perRow = false }: QuantityBreaksProps) {
  const unitAt = (minQuantity: number) =>
    label ? toDollars(priceLabel({ ...label, quantity: minQuantity }).unitCents) : null;
  const currentIndex = QUANTITY_TIERS.findLastIndex((tier) => quantity >= tier.minQuantity);
  const next = QUANTITY_TIERS[currentIndex + 1];
  const current = QUANTITY_TIERS[Math.max(currentIndex, 0)]!;
  const nextUnit = next ? unitAt(next.minQuantity) : null;
  const currentUnit = unitAt(current.minQuantity);

  return (
    <Box>
      <Table>
        <caption>Volume pricing</caption>
        <TableHead columns={['Quantity', 'Discount', 'Price each']} />
        <tbody>
          {QUANTITY_TIERS.map((tier, index) => {
            const unit = unitAt(tier.minQuantity);
            const isCurrent = index === currentIndex;
            return (
              <tr key={tier.minQuantity} aria-current={isCurrent ? 'true' : undefined}>
                <th scope="row">
                  {tierRange(index)}
                  {isCurrent && <VisuallyHidden> (your quantity)</VisuallyHidden>}
                </th>
                <td>{tier.percentOff === 0 ? '—' : `${tier.percentOff}% off`}</td>
                <td>{unit === null ? '—' : formatDollars(unit)}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {next && quantity >= 1 && (
        <Nudge data-testid="quantity-nudge">
          {perRow
            ? `Add ${next.minQuantity - quantity} more rows to your spreadsheet (${next.minQuantity} in total)`
            : `Order ${next.minQuantity - quantity} more (${next.minQuantity} in total)`}{' '}
          to save {next.percentOff}% on every label
          {nextUnit !== null &&
            currentUnit !== null &&
            `: ${formatDollars(nextUnit)} each instead of ${formatDollars(currentUnit)}`}
          .
        </Nudge>
      )}
    </Box>
  );
}
