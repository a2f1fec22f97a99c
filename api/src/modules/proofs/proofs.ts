// The proof of an order line, for the order's owner or an admin: the drawing, as SVG or PDF, of the
// current revision or an earlier one. A revision never changes, so a PDF kept once is kept for good.
import { buffer } from 'node:stream/consumers';
import {
  engravedArtworkOf,
  isVariableLine,
  labelLayout,
  PRODUCTION_STATUSES,
  widestSeriesIndex,
} from '@shop/contracts';
import { AppError } from '../../platform/errors';
import { renderOffThread } from '../../platform/pdf-thread';
import type { AttachmentLoader } from '../mail/mail';
import { findOrderById, type OrderRecord, type ProofLineSource } from '../orders/orders';
import { openUpload, type UploadStore } from '../uploads/uploads';
import { lineLabels, type LineLabels } from '../asset-tags/asset-tags';
import {
  proofDrawing,
  type ProofArtwork,
  type ProofDrawing,
  type ProofLabel,
  type ProofSeries,
} from './drawing';
import { renderSvg } from './svg';
import { productionCsv, type ProductionInput, type ProductionLayout } from './production';
import { cachePdf, findCachedPdf } from './repository';
import { revisionLines } from './workflow';
import type { ProofRevisionLine } from './model';

/**
 * The text each line is engraved with: the current revision's (docs/product.md, "Proofs": "The
 * engraved text is the last revision's"), by line id. Revision 1 (or no proof) is the order as placed,
 * read without a query.
 */
export async function engravedTextsOf(order: OrderRecord): Promise<Map<string, string>> {
  const lines = await revisionLines(order, order.proof?.revision ?? 1);
  return new Map(lines.map((line) => [line.lineId, line.customText]));
}

/** Thumbnails are the files themselves: only this many, each at most this large, go into a proof. */
const MAX_THUMBNAILS = 6;
const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;

const IMAGE_TYPES: Record<string, 'image/png' | 'image/jpeg'> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** An image file's type by its stored name's extension; undefined for any other file. */
const imageTypeOf = (hashedName: string) =>
  IMAGE_TYPES[hashedName.slice(hashedName.lastIndexOf('.') + 1).toLowerCase()];

/**
 * A line's stored file, opened as the shop (the order's owner was checked by the caller, and the
 * line's files were checked as this shopper's own when the line went into the cart); null when gone.
 */
async function openLineFile(store: UploadStore, hashedName: string) {
  return openUpload(store, hashedName, { owner: null, isAdmin: true }).catch((error: unknown) => {
    if (error instanceof AppError && error.kind === 'not_found') return null;
    throw error;
  });
}

async function artworkOf(
  store: UploadStore,
  files: Array<{ hashedName: string; originalName: string }>,
): Promise<ProofArtwork[]> {
  let thumbnails = 0;
  const artwork: ProofArtwork[] = [];
  for (const file of files) {
    const mime = imageTypeOf(file.hashedName);
    if (!mime) {
      artwork.push({ name: file.originalName, image: null });
      continue;
    }
    const opened = await openLineFile(store, file.hashedName);
    if (!opened) {
      artwork.push({ name: file.originalName, image: null, note: 'File no longer stored' });
    } else if (opened.size > MAX_THUMBNAIL_BYTES || thumbnails >= MAX_THUMBNAILS) {
      opened.stream.destroy();
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
        image: { mime, data: await buffer(opened.stream) },
      });
    }
  }
  return artwork;
}

/**
 * The image engraved on a label, read whole whatever its size (uploads are limited to 10 MB): the
 * proof and the production file draw it where it is engraved, unlike the thumbnails. Null when the
 * file is not an image or no longer stored.
 */
async function engravedImageOf(
  store: UploadStore,
  file: { hashedName: string },
): Promise<ProofArtwork['image']> {
  const mime = imageTypeOf(file.hashedName);
  if (!mime) return null;
  const opened = await openLineFile(store, file.hashedName);
  return opened ? { mime, data: await buffer(opened.stream) } : null;
}

export interface ProofRequest {
  /** An order the caller may see (its owner, its guest link's holder, an admin): the route decides. */
  order: OrderRecord;
  itemId: string;
  /** Which revision; the current one when not given. */
  revision?: number;
  store: UploadStore;
}

/** A line of an order at a revision: what its proof is drawn from (orders' ProofLineSource). */
type ProofLineTarget = ProofLineSource & { line: ProofRevisionLine };

/** The proof of an unpaid order answers this (409): a checkout is not yet an order to engrave. */
export const PROOF_NOT_PAID_MESSAGE =
  'A proof is drawn once the order is paid; this order has not been paid.';

/**
 * The line of the order at the revision asked for; another's order, a line or revision not there: 404.
 * An unpaid order has no proof (409): drawn and kept for any checkout placed, proofs would cost the
 * shop a PDF rendering and a stored copy per line of every order nobody paid for.
 */
async function proofLineOf(
  order: OrderRecord,
  itemId: string,
  asked?: number,
): Promise<ProofLineTarget> {
  if (order.paymentStatus !== 'paid') throw AppError.conflict(PROOF_NOT_PAID_MESSAGE);
  const index = order.items.findIndex((item) => item.lineId === itemId);
  if (index < 0) throw AppError.notFound('Order line not found');
  const current = Math.max(1, order.proof?.revision ?? 1);
  const revision = asked ?? current;
  if (revision < 1 || revision > current) throw AppError.notFound('Proof revision not found');
  const line = (await revisionLines(order, revision)).find(
    (candidate) => candidate.lineId === itemId,
  );
  if (!line) throw AppError.notFound('Order line not found');
  return {
    orderId: order._id.toString(),
    orderNumber: order.orderNumber,
    index,
    lineCount: order.items.length,
    revision,
    item: order.items[index]!,
    line,
  };
}

/**
 * The line as its proof email's attachment was queued with it (orders' proofEmail): the line the
 * order and the revision hold, so nothing is read; null when the attachment has none (queued by an
 * earlier version) or it is not this reference's.
 */
function queuedProofLine(
  source: Record<string, unknown> | null | undefined,
  ref: { orderId: string; lineId: string; revision: number },
): ProofLineTarget | null {
  const queued = source as Partial<ProofLineSource> | null | undefined;
  if (
    !queued?.item ||
    !queued.line ||
    queued.orderId !== ref.orderId ||
    queued.revision !== ref.revision ||
    queued.line.lineId !== ref.lineId ||
    queued.item.lineId !== ref.lineId ||
    typeof queued.orderNumber !== 'number' ||
    typeof queued.index !== 'number' ||
    typeof queued.lineCount !== 'number'
  ) {
    return null;
  }
  return { ...(queued as ProofLineSource), line: { ...queued.line, changed: true } };
}

/** One name per revision's proof, downloaded or attached to its email (orders' proof-step.ts). */
function baseName({ orderNumber, index, revision }: ProofLineTarget): string {
  return `proof-${orderNumber}-${index + 1}-rev${revision}`;
}

async function drawingOf(target: ProofLineTarget, store: UploadStore): Promise<ProofDrawing> {
  const { item, revision, line } = target;
  const artwork = await artworkOf(store, item.files);
  // The image engraved on the label (as the configurator's preview draws it): its read content,
  // from the file's own entry (artworkOf keeps the files' order).
  const engravedFile = engravedArtworkOf(item.files);
  const engraved = engravedFile
    ? {
        name: engravedFile.originalName,
        image:
          artwork[item.files.indexOf(engravedFile)]?.image ??
          (await engravedImageOf(store, engravedFile)),
      }
    : null;
  if (line.uploadedFile) {
    // The shop's revised proof file is shown first (a thumbnail for an image, listed for a PDF).
    const file = line.uploadedFile;
    const opened = await store.open(file.hashedName);
    const mime = file.contentType === 'image/png' || file.contentType === 'image/jpeg';
    artwork.unshift({
      name: `Revised proof: ${file.originalName}`,
      image:
        opened && mime && opened.size <= MAX_THUMBNAIL_BYTES
          ? { mime: file.contentType as 'image/png', data: await buffer(opened.stream) }
          : null,
      note: opened ? undefined : 'File no longer stored',
    });
    if (opened && !mime) opened.stream.destroy();
  }
  const productConfig = { ...item.productConfig, customText: line.customText };
  return proofDrawing({
    series: isVariableLine(productConfig)
      ? await seriesOf(productConfig, item.quantity, engraved !== null)
      : null,
    orderNumber: target.orderNumber,
    lineNumber: target.index + 1,
    lineCount: target.lineCount,
    revision,
    productConfig,
    quantity: item.quantity,
    artwork,
    engraved,
  });
}

/** Labels a proof draws besides the first and the last: this many, evenly spread. */
const PROOF_SAMPLE_LABELS = 4;

/**
 * The sheet's row whose text is set smallest (its capitals lowest), the first of equals: every row
 * fits (asset-tags/checking.ts), and this one shows how small the text of a row can get.
 */
function smallestSetRow(
  labels: LineLabels,
  config: OrderRecord['items'][number]['productConfig'],
  artwork: boolean,
): number {
  let smallest = 0;
  let smallestCap = Number.POSITIVE_INFINITY;
  for (let index = 0; index < labels.count; index++) {
    const { text } = labels.at(index);
    if (text.trim() === '') continue;
    const { capHeight } = labelLayout({
      width: config.width,
      height: config.height,
      color: config.color,
      mounting: config.mounting,
      customText: text,
      artwork,
      code: config.code ? { type: config.code.type, placement: config.code.placement } : null,
    });
    if (capHeight < smallestCap) [smallest, smallestCap] = [index, capHeight];
  }
  return smallest;
}

/** A series' or a sheet's labels as the proof shows them: first, last, widest, a sample, and the index. */
async function seriesOf(
  config: OrderRecord['items'][number]['productConfig'],
  quantity: number,
  artwork: boolean,
): Promise<ProofSeries> {
  const labels = await lineLabels(config, quantity);
  // The widest label too, the one whose text is set smallest (docs/product.md section 12): a series'
  // widest number (the proof warns of it when too small), a sheet's row of the most text.
  const picked = new Set([0, labels.count - 1]);
  if (config.series) picked.add(widestSeriesIndex(config.series, quantity));
  else if (config.rows) picked.add(smallestSetRow(labels, config, artwork));
  for (let sample = 1; sample <= PROOF_SAMPLE_LABELS; sample++) {
    picked.add(Math.round((sample * (labels.count - 1)) / (PROOF_SAMPLE_LABELS + 1)));
  }
  const index = Array.from({ length: labels.count }, (_, position): ProofLabel => {
    const { text, codeValue, row } = labels.at(position);
    return { number: position + 1, row, values: { text, codeValue } };
  });
  return {
    count: labels.count,
    description: labels.description,
    shown: [...picked].sort((a, b) => a - b).map((position) => index[position]!),
    index,
  };
}

export async function proofSvg(request: ProofRequest) {
  const target = await proofLineOf(request.order, request.itemId, request.revision);
  const drawing = await drawingOf(target, request.store);
  return { svg: renderSvg(drawing), fileName: `${baseName(target)}.svg` };
}

/**
 * The PDF of a line at a revision. A revision never changes, so a kept copy never goes stale.
 * `look: false`: the caller knows no copy is kept yet (a revision's first email), so none is looked
 * for. `keep`: whether a rendering is kept (a copy kept meanwhile stays: the same drawing).
 */
async function pdfOf(
  target: ProofLineTarget,
  store: UploadStore,
  { look, keep }: { look: boolean; keep: boolean },
): Promise<Buffer> {
  const key = `${target.orderId}:${target.line.lineId}:${target.revision}`;
  const cached = look ? await findCachedPdf(key) : null;
  if (cached) return cached;
  // On the PDF worker thread (platform/pdf-thread.ts): pdfkit draws in one synchronous stretch.
  const pdf = await renderOffThread('proof', await drawingOf(target, store));
  if (keep) await cachePdf(key, pdf, new Date());
  return pdf;
}

export async function proofPdf(request: ProofRequest) {
  const target = await proofLineOf(request.order, request.itemId, request.revision);
  const pdf = await pdfOf(target, request.store, { look: true, keep: true });
  return { pdf, fileName: `${baseName(target)}.pdf` };
}

/** The shop's uploaded proof file of a line at a revision (for the viewer who may see the order). */
export async function uploadedProofFile(request: ProofRequest) {
  const target = await proofLineOf(request.order, request.itemId, request.revision);
  const file = target.line.uploadedFile;
  if (!file) throw AppError.notFound('This proof has no uploaded file');
  const opened = await request.store.open(file.hashedName);
  if (!opened) throw AppError.notFound('File not found');
  return { ...opened, contentType: file.contentType, originalName: file.originalName };
}

/**
 * The mail worker's reader of the proof email's attachments: `proof-file:{orderId}:{lineId}:{revision}`
 * is the file the shop uploaded for that revision, and `proof:...` the line's drawn proof: a kept
 * copy, or rendered now (kept for a series or a spreadsheet) from the line queued with the attachment
 * (or, queued without it, the order read now). A revision's proof request on its first attempt is the
 * PDF's first reader (sent within seconds of the revision), so it renders without looking.
 */
export function proofAttachmentLoader(store: UploadStore): AttachmentLoader {
  return async ({ ref, source }, message) => {
    const match = /^(proof|proof-file):([0-9a-f]{24}):([0-9a-f]{24}):(\d+)$/i.exec(ref);
    if (!match) return null;
    const [kind, orderId, lineId, revision] = match.slice(1) as [string, string, string, string];
    let target = queuedProofLine(source, { orderId, lineId, revision: Number(revision) });
    if (!target) {
      const order = await findOrderById(orderId);
      if (!order) return null;
      target = await proofLineOf(order, lineId, Number(revision));
    }
    if (kind === 'proof-file') {
      // The shop's uploaded proof file, as uploaded (its content was checked then).
      const file = target.line.uploadedFile;
      const opened = file && (await store.open(file.hashedName));
      return opened && file
        ? { content: await buffer(opened.stream), contentType: file.contentType }
        : null;
    }
    const first = message.kind === 'proof_request' && message.firstAttempt;
    // An email keeps the proof it renders only for a series or a spreadsheet, whose proof indexes
    // every label and takes long to draw again. A one-text line's proof draws in milliseconds and is
    // mostly read in the email alone, so keeping each would cost every paid order a write and the
    // database a copy of every proof with its artwork; a download keeps it.
    const keep = isVariableLine(target.item.productConfig);
    const pdf = await pdfOf(target, store, { look: !first, keep });
    return { content: pdf, contentType: 'application/pdf' };
  };
}

/** The labels of the line at the proof's current revision (the text the customer approved). */
async function approvedLabels(order: OrderRecord, itemId: string) {
  // Never a revision the customer has not approved: the engraver works from these files alone.
  if (!PRODUCTION_STATUSES.includes(order.status)) {
    throw AppError.conflict(
      'The production files are made once the proof is approved (or was skipped): this order is not in production',
    );
  }
  const target = await proofLineOf(order, itemId);
  const config = { ...target.item.productConfig, customText: target.line.customText };
  const labels = await lineLabels(config, target.item.quantity);
  return {
    target,
    config,
    labels: Array.from({ length: labels.count }, (_, index) => labels.at(index)),
  };
}

/** GET /api/admin/orders/{id}/items/{itemId}/production.pdf: every label, at actual size. */
export async function productionPdf(
  order: OrderRecord,
  itemId: string,
  layout: ProductionLayout,
  store: UploadStore,
) {
  const { target, config, labels } = await approvedLabels(order, itemId);
  const engravedFile = engravedArtworkOf(target.item.files);
  const image = engravedFile ? await engravedImageOf(store, engravedFile) : null;
  if (engravedFile && !image) {
    // The engraver's file never stands a placeholder in for the artwork.
    throw AppError.conflict(
      `The artwork "${engravedFile.originalName}" is no longer stored: the production file cannot be drawn without it`,
    );
  }
  const engraved = engravedFile && image ? { name: engravedFile.originalName, image } : null;
  const name = `production-${order.orderNumber}-${target.index + 1}`;
  const input: ProductionInput = {
    title: `Order #${order.orderNumber}, line ${target.index + 1}: ${labels.length} labels`,
    config,
    labels: labels.map(({ text, codeValue }) => ({ text, codeValue })),
    engraved,
    layout,
  };
  // The two layouts under names of their own, so both can be saved side by side.
  const fileName = `${name}-${layout === 'sheet' ? 'sheets' : 'pages'}.pdf`;
  return { pdf: await renderOffThread('production', input), fileName };
}

/** GET /api/admin/orders/{id}/items/{itemId}/production.csv: what each label says, in order. */
export async function productionCsvOf(order: OrderRecord, itemId: string) {
  const { target, config, labels } = await approvedLabels(order, itemId);
  return {
    csv: productionCsv(config, labels),
    fileName: `production-${order.orderNumber}-${target.index + 1}.csv`,
  };
}
