import { Router } from 'express';
import { shippingEstimateSchema, toDollars } from '@shop/contracts';
import { parseBody } from '../../platform/validate';
import { estimateShipping } from './shipping';

export function shippingRoutes(): Router {
  const router = Router();

  router.post('/shipping-estimate', (req, res) => {
    const { labelType, width, height, quantity, toZip } = parseBody(shippingEstimateSchema, req);
    const rates = estimateShipping({ material: labelType, width, height, quantity }, toZip);
    res.json({
      success: true,
      estimate: { rates: { usps: toDollars(rates.uspsCents), ups: toDollars(rates.upsCents) } },
    });
  });

  return router;
}
