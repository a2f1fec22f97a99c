import { Router } from 'express';
import {
  applyDiscountSchema,
  discountCodeCreateSchema,
  discountCodeUpdateSchema,
} from '@shop/contracts';
import { cartOwner, requireAdmin } from '../../platform/auth-guards';
import { idParamsSchema, parseBody, parseParams } from '../../platform/validate';
import type { AppDependencies } from '../../routes';
import { limitPerAddress } from '../accounts/address-limits';
import { applyDiscountCode } from './apply';
import {
  createDiscountCode,
  deleteDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
} from './discounts';

export function discountRoutes({ config, logger }: AppDependencies): Router {
  const timeZone = config.shop.timeZone;
  const router = Router();
  // Each check tells a guesser something about a code; the cart session's apply counts the same.
  const limit = limitPerAddress('discountCheck', { isProduction: config.isProduction, logger });

  router.post('/discount-codes/apply', limit, async (req, res) => {
    const owner = cartOwner(req);
    const input = parseBody(applyDiscountSchema, req);
    res.json(await applyDiscountCode(owner, input));
  });

  router.get('/admin/discount-codes', requireAdmin, async (_req, res) => {
    res.json(await listDiscountCodes(timeZone));
  });

  router.post('/admin/discount-codes', requireAdmin, async (req, res) => {
    const input = parseBody(discountCodeCreateSchema, req);
    res.status(201).json(await createDiscountCode(input, timeZone));
  });

  router.put('/admin/discount-codes/:id', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const input = parseBody(discountCodeUpdateSchema, req);
    res.json(await updateDiscountCode(id, input, timeZone));
  });

  router.delete('/admin/discount-codes/:id', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    await deleteDiscountCode(id);
    res.json({ id });
  });

  return router;
}
