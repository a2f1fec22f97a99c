import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import {
  approveProofSchema,
  proofRevisionFieldsSchema,
  requestProofChangesSchema,
} from '@shop/contracts';
import type { AppDependencies } from '../../dependencies';
import { currentUser, requireAdmin } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import {
  idParamsSchema,
  objectIdSchema,
  parseBody,
  parseParams,
  parseQuery,
} from '../../platform/validate';
import { sendAttachment } from '../../platform/downloads';
import { localFolderStore, sendDownload, type UploadStore } from '../uploads/uploads';
import {
  productionCsvOf,
  productionPdf,
  proofPdf,
  proofSvg,
  uploadedProofFile,
  type ProofRequest,
} from './proofs';
import { PRODUCTION_LAYOUTS } from './production';
import { keepProofFile, MAX_PROOF_FILE_BYTES } from './revision-file';
import { approveProof, createRevision, proofView, requestProofChanges } from './workflow';
import type { Config } from '../../config';
import {
  authorizeOrderReader,
  findOrderById,
  isValidOrderLink,
  orderReaderOf,
  signOrderLink,
  type OrderRecord,
} from '../orders/orders';

const proofParamsSchema = z.object({
  id: objectIdSchema,
  itemId: z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid item id'),
});

const revisionQuerySchema = z.object({
  revision: z.coerce
    .number({ error: 'revision must be a number' })
    .int('revision must be a whole number')
    .min(1, 'revision must be at least 1')
    .max(1000, 'revision must be at most 1000')
    .optional(),
});

/**
 * An admin sees any order; anyone else only an order they own or whose guest link they hold
 * (`?access=`), else 404 like a missing order (docs/product.md, "Order page").
 */
async function orderForCaller(req: Request, id: string, config: Config): Promise<OrderRecord> {
  if (req.user?.isAdmin === true) {
    const order = await findOrderById(id);
    if (!order) throw AppError.notFound('Order not found');
    return order;
  }
  return authorizeOrderReader(req, id, config);
}

async function proofRequest(req: Request, store: UploadStore, config: Config) {
  const { id, itemId } = parseParams(proofParamsSchema, req);
  const { revision } = parseQuery(revisionQuerySchema, req);
  const order = await orderForCaller(req, id, config);
  return { order, itemId, revision, store } satisfies ProofRequest;
}

/** The customer's side: the owner or the guest link's holder only (an admin answers nothing here). */
async function answeringOrder(req: Request, config: Config, now: Date) {
  const { id } = parseParams(idParamsSchema, req);
  return authorizeOrderReader(req, id, config, now);
}

/**
 * The guest link the proof page's images and PDF links carry (they cannot send x-session-id). A caller
 * who came in by a guest link gets that same link back: a link opens its order for 30 days
 * (docs/product.md, "Order page"), and a newly signed one at each visit would let whoever holds a
 * forwarded email keep the order open for ever. Only the owner, who may read the order anyway, gets a
 * fresh one. `now` is the instant the caller was let in, so a link that opened the order is echoed,
 * never replaced by a fresh one for having expired in between.
 */
function proofPageLink(req: Request, order: OrderRecord, config: Config, now: Date): string {
  const orderId = order._id.toString();
  const presented = orderReaderOf(req).orderLink;
  if (presented !== null && isValidOrderLink(presented, orderId, config.orderLinkSecret, now)) {
    return presented;
  }
  return signOrderLink(orderId, config.orderLinkSecret, now);
}

export function proofRoutes({ config }: AppDependencies): Router {
  const router = Router();
  const store = localFolderStore(config.uploadDir);

  router.get('/orders/:id/items/:itemId/proof.svg', async (req, res) => {
    const { svg, fileName } = await proofSvg(await proofRequest(req, store, config));
    // Opened on its own, the drawing may show its embedded thumbnails and nothing else: no scripts.
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    res.setHeader('Content-Disposition', `inline; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.type('image/svg+xml').send(svg);
  });

  router.get('/orders/:id/items/:itemId/proof.pdf', async (req, res) => {
    const { pdf, fileName } = await proofPdf(await proofRequest(req, store, config));
    sendAttachment(res, fileName, 'application/pdf', pdf);
  });

  // The shop's uploaded proof file of a revision, as uploaded (always a download: never run inline).
  router.get('/orders/:id/items/:itemId/proof-file', async (req, res) => {
    await sendDownload(res, await uploadedProofFile(await proofRequest(req, store, config)));
  });

  // --- The customer's answer: the order's owner only (anyone else: 404, as for the order) ----------

  router.get('/orders/:id/proof', async (req, res) => {
    const now = new Date();
    const order = await answeringOrder(req, config, now);
    res.json({
      ...(await proofView(order, 'customer', now)),
      access: proofPageLink(req, order, config, now),
    });
  });

  // The answers carry the page's access too, as the read does: the page's images keep opening.
  router.post('/orders/:id/proof/approve', async (req, res) => {
    const input = parseBody(approveProofSchema, req);
    const now = new Date();
    const order = await answeringOrder(req, config, now);
    res.json({
      ...(await approveProof(order, input, { config })),
      access: proofPageLink(req, order, config, now),
    });
  });

  router.post('/orders/:id/proof/changes', async (req, res) => {
    const input = parseBody(requestProofChangesSchema, req);
    const now = new Date();
    const order = await answeringOrder(req, config, now);
    res.json({
      ...(await requestProofChanges(order, input)),
      access: proofPageLink(req, order, config, now),
    });
  });

  // --- Admin -----------------------------------------------------------------------------------------

  router.get('/admin/orders/:id/proof', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    res.json(await proofView(await orderForCaller(req, id, config), 'admin'));
  });

  const productionQuerySchema = z.object({
    layout: z
      .enum(PRODUCTION_LAYOUTS, { error: 'layout must be sheet or page' })
      .optional()
      .default('sheet'),
  });

  // The engraver's files: every label of the line, as approved (docs/product.md section 12).
  router.get('/admin/orders/:id/items/:itemId/production.pdf', requireAdmin, async (req, res) => {
    const { id, itemId } = parseParams(proofParamsSchema, req);
    const { layout } = parseQuery(productionQuerySchema, req);
    const order = await orderForCaller(req, id, config);
    const { pdf, fileName } = await productionPdf(order, itemId, layout, store);
    sendAttachment(res, fileName, 'application/pdf', pdf);
  });

  router.get('/admin/orders/:id/items/:itemId/production.csv', requireAdmin, async (req, res) => {
    const { id, itemId } = parseParams(proofParamsSchema, req);
    const order = await orderForCaller(req, id, config);
    const { csv, fileName } = await productionCsvOf(order, itemId);
    sendAttachment(res, fileName, 'text/csv; charset=utf-8', csv);
  });

  const receiveProofFile = multer({
    storage: multer.memoryStorage(),
    limits: { files: 1, fileSize: MAX_PROOF_FILE_BYTES, fields: 5, fieldSize: 4096, parts: 8 },
    defParamCharset: 'utf8',
  }).single('file');

  router.post(
    '/admin/orders/:id/proof/revisions',
    requireAdmin,
    (req: Request, res: Response, next: NextFunction) => {
      receiveProofFile(req, res, (error: unknown) => {
        if (!error) return next();
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
          return next(AppError.tooLarge());
        }
        if (error instanceof multer.MulterError) {
          return next(AppError.invalid('Send one proof file in the "file" field'));
        }
        // The form itself could not be read (a truncated body): bad input, not a fault. A failure of
        // the disk (it has a syscall) stays a fault.
        if (error instanceof AppError || (error as { syscall?: unknown } | null)?.syscall)
          return next(error);
        next(AppError.invalid('The upload could not be read (malformed multipart body)'));
      });
    },
    async (req, res) => {
      const { id } = parseParams(idParamsSchema, req);
      const fields = parseBody(proofRevisionFieldsSchema, req);
      const upload = req.file;
      // Kept once the revision is allowed (createRevision): a refused one leaves no file behind.
      const file = upload ? () => keepProofFile(store, upload) : undefined;
      res
        .status(201)
        .json(
          await createRevision(id, { ...fields, file }, { by: currentUser(req).email, config }),
        );
    },
  );

  return router;
}
