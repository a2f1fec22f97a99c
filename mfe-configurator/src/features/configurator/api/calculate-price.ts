import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from 'shell/store';
import { wireConfiguration } from '../label-draft';
import type { LabelConfiguration } from '@shop/contracts/label-configuration';
import type { PriceResult } from '@shop/contracts/pricing';
import { configuratorSchemas } from './configurator-schemas';

/** POST /api/calculate-price: the server's price for one configuration (the source of truth). */
export type PriceQuote = PriceResult;

export async function calculatePrice(
  configuration: LabelConfiguration,
  signal?: AbortSignal,
): Promise<PriceQuote> {
  const { priceResultSchema } = await configuratorSchemas();
  return priceResultSchema.parse(
    await apiJson<unknown>('/api/calculate-price', {
      body: wireConfiguration(configuration),
      signal,
    }),
  );
}

export const priceQuoteQueryKey = (configuration: LabelConfiguration | null) =>
  ['calculate-price', configuration] as const;

/**
 * The live price of a configuration (null: nothing to price). Keyed by the whole configuration, so
 * going back to an earlier one answers from the cache; while a new answer is on its way the previous one
 * stays on screen (placeholder), flagged by isPlaceholderData.
 */
export function usePriceQuote(configuration: LabelConfiguration | null) {
  return useQuery({
    queryKey: priceQuoteQueryKey(configuration),
    queryFn: ({ signal }) => calculatePrice(configuration!, signal),
    enabled: configuration !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
