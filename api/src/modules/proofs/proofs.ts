// The proof of an order line, for the order's owner or an admin: the drawing, as SVG or PDF.
import type { CartOwner } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import { findViewableOrder } from '../orders/orders';
import { openUpload } from '../uploads/uploads';
import type { UploadStore } from '../uploads/storage';
import { proofDrawing, type ProofArtwork, type ProofDrawing } from './drawing';
import { renderPdf } from './pdf';
import { renderSvg } from './svg';

/** Thumbnails are the files themselves: only this many, each at most this large, go into a proof. */
export const MAX_THUMBNAILS = 6;
export const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;

const IMAGE_TYPES: Record<string, 'image/png' | 'image/jpeg'> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function artworkOf(
  store: UploadStore,
  files: Array<{ hashedName: string; originalName: string }>,
): Promise<ProofArtwork[]> {
  let thumbnails = 0;
  const artwork: ProofArtwork[] = [];
  for (const file of files) {
    const extension = file.hashedName.slice(file.hashedName.lastIndexOf('.') + 1).toLowerCase();
    const mime = IMAGE_TYPES[extension];
    if (!mime) {
      artwork.push({ name: file.originalName, image: null });
      continue;
    }
    // The order's owner was checked by the caller, and the line's files were checked as this
    // shopper's own when the line went into the cart, so the file is read as the shop.
    const opened = await openUpload(store, file.hashedName, { owner: null, isAdmin: true }).catch(
      (error: unknown) => {
        if (error instanceof AppError && error.kind === 'not_found') return null;
        throw error;
      },
    );
    if (!opened) {
      artwork.push({ name: file.originalName, image: null, note: 'File no longer stored' });
    } else if (opened.size > MAX_THUMBNAIL_BYTES || thumbnails >= MAX_THUMBNAILS) {
      (opened.stream as NodeJS.ReadableStream & { destroy?(): void }).destroy?.();
      artwork.push({
        name: file.originalName,
        image: null,
        note:
          opened.size > MAX_THUMBNAIL_BYTES
            ? 'No thumbnail: larger than 2 MB'
            : `No thumbnail: only the first ${MAX_THUMBNAILS} images are shown`,
      });
    } else {
      thumbnails += 1;
      artwork.push({
        name: file.originalName,
        image: { mime, data: await readAll(opened.stream) },
      });
    }
  }
  return artwork;
}

export interface ProofRequest {
  viewer: { owner: CartOwner | null; isAdmin: boolean };
  orderId: string;
  itemId: string;
  store: UploadStore;
}

/** The drawing of one line of an order the viewer may see; another's order or line is a 404. */
export async function proofOfOrderLine({
  viewer,
  orderId,
  itemId,
  store,
}: ProofRequest): Promise<{ drawing: ProofDrawing; fileName: string }> {
  const order = await findViewableOrder(viewer, orderId);
  const index = order.items.findIndex((item) => item.lineId === itemId);
  const item = order.items[index];
  if (!item) throw AppError.notFound('Order line not found');
  const drawing = proofDrawing({
    orderNumber: order.orderNumber,
    lineNumber: index + 1,
    lineCount: order.items.length,
    productConfig: item.productConfig,
    quantity: item.quantity,
    artwork: await artworkOf(store, item.files),
  });
  return { drawing, fileName: `proof-${order.orderNumber}-${index + 1}` };
}

export async function proofSvg(request: ProofRequest) {
  const { drawing, fileName } = await proofOfOrderLine(request);
  return { svg: renderSvg(drawing), fileName: `${fileName}.svg` };
}

export async function proofPdf(request: ProofRequest) {
  const { drawing, fileName } = await proofOfOrderLine(request);
  return { pdf: await renderPdf(drawing), fileName: `${fileName}.pdf` };
}
