import { Router, type Request } from 'express';
import { checkoutSummary, createOrderSchema } from '@shop/contracts';
import type { AppDependencies } from '../../routes';
import { cartOwner, currentUser, requireUser } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import { assertNoOperatorKeys } from '../../platform/validate';
import { orderHistory, placeOrder } from './orders';
import { limitPerAddress } from '../accounts/address-limits';
import { forgetOpenCheckouts } from './repository';

const OPEN_CHECKOUT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The checkout body, answered in the spec's words: 'Please fill in: {list}' when fields are missing,
 * else the email, address and ZIP messages; `errors` names each field either way.
 */
function parseCheckout(req: Request) {
  const body: unknown = req.body ?? {};
  assertNoOperatorKeys(body);
  const parsed = createOrderSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw AppError.invalid(
    checkoutSummary(parsed.error.issues),
    parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  );
}

export function orderRoutes({ config, logger }: AppDependencies): Router {
  const router = Router();
  // No TTL on FerretDB: a periodic sweep forgets week-old open checkouts (the reuse shortcut).
  const sweep = setInterval(() => {
    forgetOpenCheckouts(new Date(Date.now() - OPEN_CHECKOUT_KEPT_MS)).catch((error: unknown) =>
      logger.warn({ err: error }, 'Sweeping open checkouts failed'),
    );
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  const limit = limitPerAddress('order', { isProduction: config.isProduction, logger });
  router.post('/orders', limit, async (req, res) => {
    const owner = cartOwner(req);
    const checkout = parseCheckout(req);
    const { reused, ...created } = await placeOrder(owner, checkout);
    res.status(reused ? 200 : 201).json(created);
  });

  router.get('/orders', requireUser, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await orderHistory(currentUser(req).id));
  });

  return router;
}
