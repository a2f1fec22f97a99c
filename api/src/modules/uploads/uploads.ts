// Keeping checked uploads and handing them back (docs/product.md sections 5 and 7, docs/design.md section 8).
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import {
  emptyFileMessage,
  fileTooLargeMessage,
  imageTooLargeMessage,
  unsupportedFileTypeMessage,
  type UploadExtension,
  type UploadResponse,
  type UploadedFile,
} from '@shop/contracts';
import type { CartOwner } from '../../platform/auth-guards';
import { AppError, type ErrorKind, type FieldError } from '../../platform/errors';
import type { FileProblem, ReceivedFile } from './receiving';
import {
  findAnyUpload,
  findOwnedUpload,
  isRecorded,
  recordUpload,
  sweepDueUploads,
} from './repository';

// What other modules use: the cart checks a line's files, sign-in hands a guest's uploads over.
export { ContentInspector } from './content-check';
export { localFolderStore, type UploadStore } from './storage';
export {
  assignSessionUploadsToCustomer,
  forgetCustomerUploads,
  keepOrderedUploads,
  ownedFilenames,
} from './repository';
import type { UploadStore } from './storage';

const CONTENT_TYPES: Record<UploadExtension, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  txt: 'text/plain; charset=utf-8',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const PROBLEM_MESSAGES: Record<FileProblem, (file: ReceivedFile) => string> = {
  type: (file) => unsupportedFileTypeMessage(file.originalName),
  size: (file) => fileTooLargeMessage(file.originalName, file.size),
  empty: (file) => emptyFileMessage(file.originalName),
  pixels: (file) => imageTooLargeMessage(file.originalName, file.image!.width, file.image!.height),
};

/** When every file is refused for one reason, the status says which (docs/design.md section 7). */
const KIND_BY_PROBLEM: Record<FileProblem, ErrorKind> = {
  size: 'too_large',
  pixels: 'too_large',
  type: 'unsupported_media',
  empty: 'invalid',
};

/**
 * Keeps the good files (stored as sha256.ext, recorded for this owner) and lists an error for each of
 * the others. At least one kept: 200 with both lists. None kept: an error answer (413 when all were too
 * large, 415 when all were of an unsupported type, 400 otherwise) with one entry per file.
 */
export async function keepUploads(
  owner: CartOwner,
  received: ReceivedFile[],
): Promise<UploadResponse> {
  const files: UploadedFile[] = [];
  const errors: FieldError[] = [];
  const problems = new Set<FileProblem>();

  for (const [index, file] of received.entries()) {
    if (file.problem || !file.extension || !file.incoming) {
      const problem = file.problem ?? 'type';
      problems.add(problem);
      errors.push({ path: `files.${index}`, message: PROBLEM_MESSAGES[problem](file) });
      await file.incoming?.discard();
      continue;
    }
    const filename = `${file.sha256}.${file.extension}`;
    await file.incoming.commit(filename);
    await recordUpload(owner, { filename, originalName: file.originalName, size: file.size });
    files.push({ filename, originalName: file.originalName });
  }

  if (files.length === 0) {
    const [onlyProblem] = problems.size === 1 ? [...problems] : [];
    const kind: ErrorKind = onlyProblem ? KIND_BY_PROBLEM[onlyProblem] : 'invalid';
    const message =
      errors.length === 1 ? errors[0]!.message : 'None of the files could be uploaded.';
    throw new AppError(kind, message, { errors });
  }

  const uploaded = `${files.length} ${files.length === 1 ? 'file' : 'files'}`;
  const message =
    errors.length === 0
      ? `${uploaded} uploaded successfully.`
      : `${uploaded} of ${received.length} uploaded successfully.`;
  return { message, errors, files };
}

interface UploadDownload {
  stream: Readable;
  size: number;
  contentType: string;
  originalName: string;
}

/**
 * A stored file for its uploader (by session or customer) or an admin; anyone else gets the same 404
 * as for a name that does not exist.
 */
export async function openUpload(
  store: UploadStore,
  filename: string,
  reader: { owner: CartOwner | null; isAdmin: boolean },
): Promise<UploadDownload> {
  const record = reader.isAdmin
    ? await findAnyUpload(filename)
    : reader.owner
      ? await findOwnedUpload(reader.owner, filename)
      : null;
  if (!record) throw AppError.notFound('File not found');
  const opened = await store.open(filename);
  if (!opened) throw AppError.notFound('File not found');
  const extension = filename.slice(filename.lastIndexOf('.') + 1) as UploadExtension;
  return {
    stream: opened.stream,
    size: opened.size,
    contentType: CONTENT_TYPES[extension],
    originalName: record.originalName,
  };
}

/** Answers with an opened upload as a download (never shown inline), kept out of shared caches. */
export async function sendDownload(res: Response, file: UploadDownload): Promise<void> {
  res.attachment(file.originalName);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Cache-Control', 'private, no-store');
  await pipeline(file.stream, res);
}

type OrderedFile = { hashedName: string; originalName: string };

/**
 * An order's artwork going onto a new cart line (reorder): each file still stored is recorded as the
 * new owner's, so the cart accepts it; the ones no longer on file come back as missing. The caller has
 * already shown the owner may read the order the files are on.
 */
export async function reuseOrderedArtwork(
  store: UploadStore,
  owner: CartOwner,
  files: ReadonlyArray<OrderedFile>,
): Promise<{ kept: OrderedFile[]; missing: OrderedFile[] }> {
  const kept: OrderedFile[] = [];
  const missing: OrderedFile[] = [];
  for (const file of files) {
    const record = await findAnyUpload(file.hashedName);
    const opened = record ? await store.open(file.hashedName) : null;
    if (!record || !opened) {
      missing.push(file);
      continue;
    }
    opened.stream.destroy();
    await recordUpload(owner, {
      filename: file.hashedName,
      originalName: file.originalName,
      size: opened.size,
    });
    kept.push(file);
  }
  return { kept, missing };
}

/** The files a guest's cart holds and when that cart is abandoned; null when the guest has none. */
type GuestCartFiles = (
  sessionId: string,
) => Promise<{ files: ReadonlySet<string>; abandonedAfter: Date } | null>;

/** A file written this recently was kept again by an upload: the sweep leaves it. */
const FRESH_MS = 60 * 60 * 1000;

/**
 * Guests' uploads no order was placed with, looked at GUEST_UPLOAD_KEPT_DAYS after they were made
 * (model.ts, sweepAfter), up to `batch` a round: one the guest's cart still holds is looked at again
 * when that cart would be abandoned; any other record goes, and its file with it once nobody has a
 * record of the file. How many records went.
 */
export function sweepGuestUploads(
  store: UploadStore,
  guestCart: GuestCartFiles,
  now: Date,
  batch: number,
): Promise<number> {
  return sweepDueUploads(now, batch, {
    async heldUntil(record) {
      const cart = await guestCart(record.sessionId);
      return cart?.files.has(record.filename) ? cart.abandonedAfter : null;
    },
    async removed(record) {
      if (!(await isRecorded(record.filename)))
        await store.remove(record.filename, new Date(Date.now() - FRESH_MS));
    },
  });
}
