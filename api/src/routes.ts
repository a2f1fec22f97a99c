// Every domain's routes, mounted under /api in this order. Adding a domain is one import and one line.
import type { Router } from 'express';
import type { Config } from './config';
import type { Logger } from './platform/logger';
import { healthRoutes } from './modules/health/routes';
import { contactRoutes } from './modules/contact/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { assetTagRoutes } from './modules/asset-tags/routes';
import { cartRoutes } from './modules/cart/routes';
import { discountRoutes } from './modules/discounts/routes';
import { pricingRoutes } from './modules/pricing/routes';
import { shippingRoutes } from './modules/shipping/routes';
import { accountRoutes } from './modules/accounts/routes';
import { orderRoutes } from './modules/orders/routes';
import { paymentRoutes } from './modules/payments/routes';
import { adminRoutes } from './modules/admin/routes';
import { mailRoutes } from './modules/mail/routes';
import { proofRoutes } from './modules/proofs/routes';
import { releaseRoutes } from './modules/releases/routes';
import { insightRoutes } from './modules/insights/routes';
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

export const routeModules: RouteModule[] = [
  healthRoutes,
  contactRoutes,
  pricingRoutes,
  shippingRoutes,
  cartRoutes,
  discountRoutes,
  uploadRoutes,
  assetTagRoutes,
  accountRoutes,
  orderRoutes,
  paymentRoutes,
  adminRoutes,
  mailRoutes,
  proofRoutes,
  releaseRoutes,
  insightRoutes,
];
