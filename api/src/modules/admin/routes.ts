import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { z } from 'zod';
import {
  adminOrdersQuerySchema,
  makeAdminSchema,
  updateOrderStatusSchema,
  uploadFilenameParamsSchema,
} from '@shop/contracts';
import type { AppDependencies } from '../../routes';
import { currentUser, requireAdmin, requireUser } from '../../platform/auth-guards';
import {
  idParamsSchema,
  objectIdSchema,
  parseBody,
  parseParams,
  parseQuery,
} from '../../platform/validate';
import { limitedAddress } from '../accounts/address-limits';
import { sweepPeriodically } from '../accounts/attempt-limiter';
import { signIn } from '../accounts/sessions';
import { localFolderStore } from '../uploads/storage';
import { openUpload } from '../uploads/uploads';
import {
  adminCustomerList,
  adminSecretLimits,
  adminOrderPage,
  assertOrderHasFile,
  bearerToken,
  deleteCustomer,
  grantAdminWithSecret,
  moveOrderStatus,
} from './admin';

const orderFileParamsSchema = z
  .object({ id: objectIdSchema })
  .extend(uploadFilenameParamsSchema.shape);

/**
 * /api/admin/*: every route checks on the server, 401 signed out and 403 not admin (requireAdmin),
 * except status and make-admin, which a signed-in customer uses to become admin. The discount-code
 * routes live with the discounts module, behind the same guard.
 */
export function adminRoutes({ config, logger }: AppDependencies): Router {
  const router = Router();
  const uploads = localFolderStore(config.uploadDir);
  sweepPeriodically(Object.values(adminSecretLimits), logger);

  router.get('/admin/status', requireUser, (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ isAdmin: currentUser(req).isAdmin });
  });

  router.post('/admin/make-admin', requireUser, async (req, res) => {
    const { secret } = parseBody(makeAdminSchema, req);
    const user = currentUser(req);
    const admin = await grantAdminWithSecret({
      user,
      secret,
      bearer: bearerToken(req.get('authorization')),
      ip: req.ip ?? 'unknown',
      limitedIp: limitedAddress(req, config.isProduction),
      adminSecret: config.adminSecret,
      logger,
    });
    // A new session id for the raised privilege; the sign-in's absolute lifetime carries over.
    await signIn(req, { ...user, isAdmin: true }, { signedInAt: req.session.signedInAt });
    res.json({ success: true, isAdmin: true, user: admin });
  });

  router.get('/admin/customers', requireAdmin, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await adminCustomerList());
  });

  router.delete('/admin/customers/:id', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    await deleteCustomer(id);
    res.status(204).end();
  });

  router.get('/admin/orders', requireAdmin, async (req, res) => {
    const query = parseQuery(adminOrdersQuerySchema, req);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await adminOrderPage(query));
  });

  router.patch('/admin/orders/:id', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const { status } = parseBody(updateOrderStatusSchema, req);
    res.json(await moveOrderStatus(id, status));
  });

  router.get('/admin/orders/:id/files/:filename', requireAdmin, async (req, res) => {
    const { id, filename } = parseParams(orderFileParamsSchema, req);
    await assertOrderHasFile(id, filename);
    const file = await openUpload(uploads, filename, { owner: null, isAdmin: true });
    res.attachment(file.originalName);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Cache-Control', 'private, no-store');
    await pipeline(file.stream, res);
  });

  return router;
}
