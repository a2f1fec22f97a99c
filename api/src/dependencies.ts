// What the app hands each domain's routes (routes.ts mounts them; app.ts builds the dependencies).
import type { Router } from 'express';
import type { Config } from './config';
import type { Logger } from './platform/logger';
import type { PaymentProvider } from './modules/payments/provider';
import type { TaxRates } from './modules/tax/tax';
import type { OrderRecord } from './modules/orders/orders';

/** What a domain's routes may need from the running app. */
export interface AppDependencies {
  config: Config;
  logger: Logger;
  /** The sales tax table: TAX_RATES, or the built-in one. */
  taxRates: TaxRates;
  /** The provider PAYMENT_PROVIDER names, or a stand-in given to createApp (tests count charges). */
  paymentProvider: PaymentProvider;
  /**
   * Each line's engraved text, the proof's current revision's (proofs' engravedTextsOf), for the
   * orders' "Order again": the orders module does not read the proofs module, which reads it.
   */
  engravedTexts: (order: OrderRecord) => Promise<Map<string, string>>;
}

export type RouteModule = (dependencies: AppDependencies) => Router;
