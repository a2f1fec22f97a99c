import { Router } from 'express';
import { exportRequestSchema, exportsQuerySchema, insightsQuerySchema } from '@shop/contracts';
import type { AppDependencies } from '../../dependencies';
import { currentUser, requireAdmin } from '../../platform/auth-guards';
import { idParamsSchema, parseBody, parseParams, parseQuery } from '../../platform/validate';
import { createExport, exportsPage, insightsDashboard, streamExport } from './insights';

/** The admin's dashboard and exports; admins only (401 signed out, 403 not admin). */
export function insightRoutes({ config, engravedTexts }: AppDependencies): Router {
  const router = Router();
  const timeZone = config.shop.timeZone;

  router.get('/admin/insights', requireAdmin, async (req, res) => {
    const { period } = parseQuery(insightsQuerySchema, req);
    res.json(await insightsDashboard(period, timeZone));
  });

  router.get('/admin/exports', requireAdmin, async (req, res) => {
    const query = parseQuery(exportsQuerySchema, req);
    res.json(await exportsPage(query, currentUser(req)));
  });

  router.post('/admin/exports', requireAdmin, async (req, res) => {
    const request = parseBody(exportRequestSchema, req);
    res.status(201).json(await createExport(request, currentUser(req)));
  });

  router.get('/admin/exports/:id/download', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    await streamExport(id, currentUser(req), { timeZone, engravedTexts }, res);
  });

  return router;
}
