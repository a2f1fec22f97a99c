import { Router } from 'express';
import {
  addToCartSchema,
  cartQuantitySchema,
  cartQuerySchema,
  cartSessionUpdateSchema,
} from '@shop/contracts';
import { cartOwner } from '../../platform/auth-guards';
import { idParamsSchema, parseBody, parseParams, parseQuery } from '../../platform/validate';
import {
  addToCart,
  changeQuantity,
  readCart,
  readCartSession,
  removeFromCart,
  saveCartSession,
} from './cart';

export function cartRoutes(): Router {
  const router = Router();

  router.get('/cart', async (req, res) => {
    const owner = cartOwner(req);
    const { zipCode } = parseQuery(cartQuerySchema, req);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await readCart(owner, zipCode));
  });

  router.post('/cart', async (req, res) => {
    const owner = cartOwner(req);
    const configuration = parseBody(addToCartSchema, req);
    res.status(201).json(await addToCart(owner, configuration));
  });

  // Before /cart/:id, so "session" is not read as an id.
  router.get('/cart/session', async (req, res) => {
    const owner = cartOwner(req);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await readCartSession(owner));
  });

  router.post('/cart/session', async (req, res) => {
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

  router.delete('/cart/:id', async (req, res) => {
    const owner = cartOwner(req);
    const { id } = parseParams(idParamsSchema, req);
    res.json(await removeFromCart(owner, id));
  });

  return router;
}
