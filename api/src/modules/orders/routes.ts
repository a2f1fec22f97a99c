import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  adminOrdersQuerySchema,
  cancelOrderSchema,
  checkoutQuoteSchema,
  checkoutSummary,
  createOrderSchema,
  NEXT_BEFORE_HEADER,
  ORDER_LOOKUP_MESSAGE,
  orderLookupSchema,
  orderHistoryQuerySchema,
  orderNoteSchema,
  overrideProofSchema,
  shipOrderSchema,
  updateOrderStatusSchema,
  uploadFilenameParamsSchema,
  reorderRequestSchema,
} from '@shop/contracts';
import type { AppDependencies } from '../../dependencies';
import { cartOwner, currentUser, requireAdmin, requireUser } from '../../platform/auth-guards';
import { sendAttachment } from '../../platform/downloads';
import { AppError } from '../../platform/errors';
import {
  assertNoOperatorKeys,
  idParamsSchema,
  objectIdSchema,
  parseBody,
  parseParams,
  parseQuery,
} from '../../platform/validate';
import {
  clientNetwork,
  limitPerAddress,
  limitPerAddressWhileReading,
} from '../../platform/address-limits';
import { localFolderStore, openUpload, sendDownload } from '../uploads/uploads';
import { invoiceFilename, invoiceOf } from './invoice';
import { authorizeOrderReader, loadOrder, sendOrderLink } from './order-access';
import { reorder } from './reorder';
import { seriesChoices } from './series';
import { addOrderNote, adminOrderDetail, orderDetail } from './history';
import { cancelOrder, completeOrder, overrideProof, shipOrder, startProcessing } from './moves';
import { adminOrderPage, assertOrderHasFile, orderHistory } from './orders';
import { placeOrder, priceOrder, quoteCheckout } from './placing';
import { findOrderByNumber } from './repository';

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

const orderNumberParamsSchema = z.object({
  orderNumber: z.coerce
    .number({ error: 'Order number must be a number' })
    .int('Order number must be a whole number')
    .min(1, 'Order number must be a whole number')
    .max(999_999_999_999, 'Order number is too long'),
});

const orderFileParamsSchema = z
  .object({ id: objectIdSchema })
  .extend(uploadFilenameParamsSchema.shape);

export function orderRoutes({
  config,
  logger,
  paymentProvider,
  taxRates,
  engravedTexts,
}: AppDependencies): Router {
  const router = Router();
  const uploads = localFolderStore(config.uploadDir);

  router.post('/checkout/quote', async (req, res) => {
    const owner = cartOwner(req);
    const { zipCode } = parseBody(checkoutQuoteSchema, req);
    res.json(await quoteCheckout(owner, zipCode, taxRates));
  });

  const limit = limitPerAddressWhileReading('order', { isProduction: config.isProduction, logger });
  router.post('/orders', async (req, res) => {
    const owner = cartOwner(req);
    const priced = await limit(req, () => priceOrder(owner, parseCheckout(req), taxRates));
    const { reused, ...created } = await placeOrder(owner, priced, {
      staleChargeMs: config.payment.staleChargeMs,
    });
    res.status(reused ? 200 : 201).json(created);
  });

  // Paged by key (api/README.md, "Data access"): the body stays the list of orders.
  router.get('/orders', requireUser, async (req, res) => {
    const page = parseQuery(orderHistoryQuerySchema, req);
    const { orders, nextBefore } = await orderHistory(currentUser(req).id, page, engravedTexts);
    if (nextBefore) res.setHeader(NEXT_BEFORE_HEADER, nextBefore);
    res.json(orders);
  });

  // One order for its owner or the holder of its guest link (?access=); 404 for anyone else.
  router.get('/orders/by-number/:orderNumber', async (req, res) => {
    const { orderNumber } = parseParams(orderNumberParamsSchema, req);
    const numbered = await findOrderByNumber(orderNumber);
    if (!numbered) throw AppError.notFound('Order not found');
    const order = await authorizeOrderReader(req, numbered._id.toString(), config);
    res.json(await orderDetail(order));
  });

  router.get('/orders/:id', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const order = await authorizeOrderReader(req, id, config);
    res.json(await orderDetail(order));
  });

  // A line's artwork for the order's owner or the guest link's holder (the order page draws the
  // label with it); 404 for anyone else and for a file not on the order.
  router.get('/orders/:id/files/:filename', async (req, res) => {
    const { id, filename } = parseParams(orderFileParamsSchema, req);
    assertOrderHasFile(await authorizeOrderReader(req, id, config), filename);
    await sendDownload(res, await openUpload(uploads, filename, { owner: null, isAdmin: true }));
  });

  // The owner, the guest link's holder, or an admin; 409 before the order is paid. The browser keeps
  // it and asks again each time: 304, nothing rendered, while its tag (every fact on it) is the same.
  router.get('/orders/:id/invoice.pdf', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const order = req.user?.isAdmin
      ? await loadOrder(id)
      : await authorizeOrderReader(req, id, config);
    const invoice = invoiceOf(order, config.shop, await engravedTexts(order));
    res.setHeader('ETag', invoice.tag);
    res.setHeader('Cache-Control', 'private, no-cache');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    // invoice-{digits}.pdf: nothing in the name needs escaping.
    sendAttachment(res, invoiceFilename(order), 'application/pdf', await invoice.pdf(), {
      cacheControl: 'private, no-cache',
    });
  });

  // The order's lines into the caller's cart at today's prices (owner or guest link holder only).
  router.post('/orders/:id/reorder', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const choice = parseBody(reorderRequestSchema, req);
    const owner = cartOwner(req);
    const order = await authorizeOrderReader(req, id, config);
    res.json(
      await reorder(owner, order, uploads, { ...choice, engraved: await engravedTexts(order) }),
    );
  });

  // What "Order again" offers for each numbered series: repeat it, or continue it.
  router.get('/orders/:id/reorder', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const order = await authorizeOrderReader(req, id, config);
    res.json({ series: await seriesChoices(order, await engravedTexts(order)) });
  });

  // Same answer whether or not the email and number match; limited per address (and the links
  // mailed, per email and network: sendOrderLink).
  const lookupLimit = limitPerAddress('orderLookup', {
    isProduction: config.isProduction,
    logger,
  });
  router.post('/orders/lookup', lookupLimit, async (req, res) => {
    const { email, orderNumber } = parseBody(orderLookupSchema, req);
    // Answered before the order is looked up: the same answer, as fast, for every email and number.
    res.status(202).json({ message: ORDER_LOOKUP_MESSAGE });
    sendOrderLink(email, orderNumber, clientNetwork(req), config).catch((error: unknown) =>
      logger.error({ err: error }, 'Sending an order link failed'),
    );
  });

  // --- Admin: every call is requireAdmin (401 signed out, 403 not admin) ---------------------------

  router.get('/admin/orders', requireAdmin, async (req, res) => {
    const query = parseQuery(adminOrdersQuerySchema, req);
    const page = await adminOrderPage(query, config.shop.timeZone);
    // Paged by key (api/README.md, "Data access"), the next place also in the header.
    if (page.nextBefore) res.setHeader(NEXT_BEFORE_HEADER, page.nextBefore);
    res.json(page);
  });

  router.get('/admin/orders/:id', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    res.json(await adminOrderDetail(id, engravedTexts));
  });

  // awaiting_proof -> processing (proof approved), shipped -> completed. Shipping needs its carrier and
  // tracking number, cancelling its refund, moving on without approval its reason (proof/override).
  router.patch('/admin/orders/:id', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const { status } = parseBody(updateOrderStatusSchema, req);
    if (status === 'processing') {
      res.json(await startProcessing(id, { by: currentUser(req).email }));
      return;
    }
    if (status !== 'completed') {
      const message =
        status === 'shipped'
          ? 'Mark an order shipped with its carrier and tracking number (POST /api/admin/orders/{id}/ship)'
          : status === 'cancelled'
            ? 'Cancel an order with its refund (POST /api/admin/orders/{id}/cancel)'
            : `An order cannot be moved to ${status} by hand`;
      throw AppError.invalidField('status', message);
    }
    res.json(await completeOrder(id, { by: currentUser(req).email }));
  });

  router.post('/admin/orders/:id/ship', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const input = parseBody(shipOrderSchema, req);
    res.json(await shipOrder(id, input, { by: currentUser(req).email, config }));
  });

  router.post('/admin/orders/:id/cancel', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const input = parseBody(cancelOrderSchema, req);
    res.json(
      await cancelOrder(id, input, {
        by: currentUser(req).email,
        refunder: paymentProvider,
        config,
        logger,
      }),
    );
  });

  router.post('/admin/orders/:id/proof/override', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const { reason } = parseBody(overrideProofSchema, req);
    res.json(await overrideProof(id, reason, { by: currentUser(req).email, config }));
  });

  router.post('/admin/orders/:id/notes', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const { text } = parseBody(orderNoteSchema, req);
    res.status(201).json(await addOrderNote(id, text, { by: currentUser(req).email }));
  });

  router.get('/admin/orders/:id/files/:filename', requireAdmin, async (req, res) => {
    const { id, filename } = parseParams(orderFileParamsSchema, req);
    assertOrderHasFile(await loadOrder(id), filename);
    await sendDownload(res, await openUpload(uploads, filename, { owner: null, isAdmin: true }));
  });

  return router;
}
