// Every domain's routes, mounted under /api in this order. Adding a domain is one import and one line.
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
import type { RouteModule } from './dependencies';

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
