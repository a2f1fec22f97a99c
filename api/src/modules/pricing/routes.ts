import { Router } from 'express';
import { calculatePriceSchema, priceLabel, toPriceResult } from '@shop/contracts';
import { parseBody } from '../../platform/validate';

export function pricingRoutes(): Router {
  const router = Router();

  router.post('/calculate-price', (req, res) => {
    const configuration = parseBody(calculatePriceSchema, req);
    // The rules live in @shop/contracts, so the configurator shows the same numbers the server trusts.
    res.json(toPriceResult(priceLabel(configuration)));
  });

  return router;
}
