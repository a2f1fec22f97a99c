import { Router } from 'express';
import { makeAdminSchema } from '@shop/contracts';
import type { AppDependencies } from '../../dependencies';
import { currentUser, requireUser } from '../../platform/auth-guards';
import { parseBody } from '../../platform/validate';
import { limitedAddress } from '../../platform/address-limits';
import { signIn } from '../accounts/accounts';
import { bearerToken, grantAdminWithSecret } from './admin';

/**
 * /api/admin/*: every route checks on the server, 401 signed out and 403 not admin (requireAdmin),
 * except status and make-admin, which a signed-in customer uses to become admin. The other admin
 * routes live with their modules (customers: accounts, orders: orders, discount codes: discounts,
 * outbox: mail, enquiries: contact), behind the same guard.
 */
export function adminRoutes({ config, logger }: AppDependencies): Router {
  const router = Router();

  router.get('/admin/status', requireUser, (req, res) => {
    const { isAdmin } = currentUser(req);
    res.json(isAdmin ? { isAdmin, timeZone: config.shop.timeZone } : { isAdmin });
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

  return router;
}
