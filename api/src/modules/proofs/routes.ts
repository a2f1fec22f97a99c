import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppDependencies } from '../../routes';
import { cartOwner } from '../../platform/auth-guards';
import { objectIdSchema, parseParams } from '../../platform/validate';
import { localFolderStore, type UploadStore } from '../uploads/storage';
import { proofPdf, proofSvg, type ProofRequest } from './proofs';

const proofParamsSchema = z.object({
  id: objectIdSchema,
  itemId: z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid item id'),
});

function proofRequest(req: Request, store: UploadStore): ProofRequest {
  const { id, itemId } = parseParams(proofParamsSchema, req);
  const isAdmin = req.user?.isAdmin === true;
  return {
    viewer: { owner: isAdmin ? null : cartOwner(req), isAdmin },
    orderId: id,
    itemId,
    store,
  };
}

export function proofRoutes(
  { config }: AppDependencies,
  store: UploadStore = localFolderStore(config.uploadDir),
): Router {
  const router = Router();

  router.get('/orders/:id/items/:itemId/proof.svg', async (req, res) => {
    const { svg, fileName } = await proofSvg(proofRequest(req, store));
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
    const { pdf, fileName } = await proofPdf(proofRequest(req, store));
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.type('application/pdf').send(pdf);
  });

  return router;
}
