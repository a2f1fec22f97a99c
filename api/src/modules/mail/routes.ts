import { Router } from 'express';
import { outboxQuerySchema } from '@shop/contracts';
import type { AppDependencies } from '../../routes';
import { requireAdmin } from '../../platform/auth-guards';
import { parseQuery } from '../../platform/validate';
import { outboxPage } from './mail';

export function mailRoutes(_dependencies: AppDependencies): Router {
  const router = Router();

  router.get('/admin/outbox', requireAdmin, async (req, res) => {
    const query = parseQuery(outboxQuerySchema, req);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await outboxPage(query));
  });

  return router;
}
