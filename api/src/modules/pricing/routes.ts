import { Router } from 'express';
import { calculatePriceSchema } from '@shop/contracts';
import { parseBody } from '../../platform/validate';
import { quotePrice } from './pricing';

export function pricingRoutes(): Router {
  const router = Router();

  router.post('/calculate-price', (req, res) => {
    const configuration = parseBody(calculatePriceSchema, req);
    res.json(quotePrice(configuration));
  });

  return router;
}
