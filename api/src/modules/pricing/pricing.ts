// The price of one label configuration (DESIGN.md section 4). The rules themselves live in
// @shop/contracts so the configurator shows the same numbers; the server is the one that is trusted.
import {
  priceLabel,
  toPriceResult,
  type LabelPriceInput,
  type PriceResult,
  type PricedLabel,
} from '@shop/contracts';

export type { PricedLabel };

/** unit and line price in cents for a configuration and quantity. */
export function priceConfiguration(configuration: LabelPriceInput): PricedLabel {
  return priceLabel(configuration);
}

/** The answer of POST /api/calculate-price, in dollars. */
export function quotePrice(configuration: LabelPriceInput): PriceResult {
  return toPriceResult(priceLabel(configuration));
}
