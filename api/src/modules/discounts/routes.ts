import { Router } from 'express';
import { discountCodeCreateSchema, discountCodeUpdateSchema } from '@shop/contracts';
import { requireAdmin } from '../../platform/auth-guards';
import { idParamsSchema, parseBody, parseParams } from '../../platform/validate';
import type { AppDependencies } from '../../dependencies';
import {
  createDiscountCode,
  deleteDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
} from './discounts';

export function discountRoutes({ config }: AppDependencies): Router {
  const timeZone = config.shop.timeZone;
  const router = Router();

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
