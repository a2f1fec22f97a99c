import { Router, type Request } from 'express';
import {
  addToCartSchema,
  applyDiscountSchema,
  cartQuantitySchema,
  cartQuerySchema,
  cartSessionUpdateSchema,
} from '@shop/contracts';
import type { AppDependencies } from '../../dependencies';
import { cartOwner } from '../../platform/auth-guards';
import { limitPerAddress } from '../../platform/address-limits';
import { idParamsSchema, parseBody, parseParams, parseQuery } from '../../platform/validate';
import {
  addToCart,
  applyDiscountCode,
  changeQuantity,
  replaceCartLine,
  readCart,
  readCartSession,
  removeFromCart,
  saveCartSession,
} from './cart';

/** A body that names a code to apply (null or empty clears, which guesses nothing). */
function appliesACode(req: Request): boolean {
  const code: unknown = (req.body as { discountCode?: unknown } | undefined)?.discountCode;
  return typeof code === 'string' && code.trim() !== '';
}

/** A label from a spreadsheet: taking it in checks every row, as /label-sheets/:id/check does. */
function checksASheet(req: Request): boolean {
  const rows: unknown = (req.body as { rows?: unknown } | undefined)?.rows;
  return typeof rows === 'object' && rows !== null;
}

export function cartRoutes({ config, logger, taxRates }: AppDependencies): Router {
  const router = Router();
  const limits = { isProduction: config.isProduction, logger };
  // Applying a code here tells a guesser as much as /discount-codes/apply: the same limit.
  const checkLimit = limitPerAddress('discountCheck', limits, appliesACode);
  // The check of a spreadsheet's rows costs the same here: the same limit, not a way around it.
  const sheetLimit = limitPerAddress('sheetCheck', limits, checksASheet);

  router.get('/cart', async (req, res) => {
    const owner = cartOwner(req);
    const { zipCode } = parseQuery(cartQuerySchema, req);
    res.json(await readCart(owner, taxRates, zipCode));
  });

  router.post('/cart', sheetLimit, async (req, res) => {
    const owner = cartOwner(req);
    const configuration = parseBody(addToCartSchema, req);
    res.status(201).json(await addToCart(owner, configuration));
  });

  // Before /cart/:id, so "session" is not read as an id.
  router.get('/cart/session', async (req, res) => {
    const owner = cartOwner(req);
    res.json(await readCartSession(owner));
  });

  router.post('/cart/session', checkLimit, async (req, res) => {
    const owner = cartOwner(req);
    const update = parseBody(cartSessionUpdateSchema, req);
    res.json(await saveCartSession(owner, update));
  });

  router.put('/cart/:id', async (req, res) => {
    const owner = cartOwner(req);
    const { id } = parseParams(idParamsSchema, req);
    const { quantity } = parseBody(cartQuantitySchema, req);
    res.json(await changeQuantity(owner, id, quantity));
  });

  router.put('/cart/:id/configuration', sheetLimit, async (req, res) => {
    const owner = cartOwner(req);
    const { id } = parseParams(idParamsSchema, req);
    const configuration = parseBody(addToCartSchema, req);
    res.json(await replaceCartLine(owner, id, configuration));
  });

  router.delete('/cart/:id', async (req, res) => {
    const owner = cartOwner(req);
    const { id } = parseParams(idParamsSchema, req);
    res.json(await removeFromCart(owner, id));
  });

  // Checking a code against the cart lives with the cart: the discounts module knows codes, not carts.
  const applyLimit = limitPerAddress('discountCheck', limits);
  router.post('/discount-codes/apply', applyLimit, async (req, res) => {
    const owner = cartOwner(req);
    const input = parseBody(applyDiscountSchema, req);
    res.json(await applyDiscountCode(owner, input));
  });

  return router;
}
