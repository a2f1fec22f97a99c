import { Router } from 'express';
import type { AppDependencies } from '../../routes';
import { useTaxRates } from './tax';

/**
 * Tax has no route of its own (the cart and order answers carry it); mounting this module is where the
 * configured rate table (TAX_RATES) reaches taxFor.
 */
export function taxRoutes({ config }: AppDependencies): Router {
  useTaxRates(config.taxRates);
  return Router();
}
