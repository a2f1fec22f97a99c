import { useMemo } from 'react';
import type { LabelConfiguration } from '@shop/contracts/label-configuration';
import { useDebouncedValue } from '@shop/ui';
import { usePriceQuote } from './api/calculate-price';

/** How long the configuration must stay still before it is priced. */
export const PRICE_DEBOUNCE_MS = 250;

export interface LivePrice {
  /** What is shown: zeros while the label cannot be priced, else the server's last answer. */
  price: { unitPrice: number; total: number } | undefined;
  /** A newer answer is on its way (the last one stays on screen, marked busy). */
  updating: boolean;
  failed: boolean;
  /** Whether the configuration can be priced at all (docs/product.md section 4). */
  priceable: boolean;
  retry(): void;
}

/**
 * The configurator's live price, shared by the Order Summary and the phone's price bar: priced once
 * the shopper pauses, zeros while the label cannot be priced (docs/product.md section 4). `priceable`
 * undefined: not known yet (the schema that judges it is loading), shown as a price on its way.
 */
export function useLivePrice(priceable: LabelConfiguration | null | undefined): LivePrice {
  const judging = priceable === undefined;
  // Debounced as text, so a re-render with an equal configuration does not restart the wait.
  const wanted = priceable ? JSON.stringify(priceable) : null;
  const settled = useDebouncedValue(wanted, PRICE_DEBOUNCE_MS);
  const settledConfiguration = useMemo(
    () => (settled ? (JSON.parse(settled) as LabelConfiguration) : null),
    [settled],
  );
  const quote = usePriceQuote(wanted === null ? null : settledConfiguration);
  const updating =
    judging ||
    (wanted !== null && (wanted !== settled || quote.isFetching || quote.isPlaceholderData));
  return {
    price: wanted === null && !judging ? { unitPrice: 0, total: 0 } : quote.data,
    updating,
    failed: wanted !== null && quote.isError && !updating,
    priceable: wanted !== null || judging,
    retry: () => void quote.refetch(),
  };
}
