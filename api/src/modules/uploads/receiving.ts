// The multer storage engine of POST /api/upload: each file streams to a temporary place in the store
// while its bytes are checked (type, size, emptiness). Nothing is kept here: the route decides after the
// whole request has been read, so an upload refused as a whole (too many files) leaves nothing behind.
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import {
  MAX_FILE_SIZE_BYTES,
  MAX_IMAGE_PIXELS,
  fileExtension,
  isAllowedUploadExtension,
  type UploadExtension,
} from '@shop/contracts';
import { ContentInspector } from './content-check';
import type { IncomingFile, UploadStore } from './storage';

export type FileProblem = 'type' | 'size' | 'empty' | 'pixels';

export interface ReceivedFile {
  originalName: string;
  extension: UploadExtension | null;
  size: number;
  sha256: string;
  /** An image's size in pixels; null for other files. */
  image: { width: number; height: number } | null;
  problem: FileProblem | null;
  /** The bytes, still temporary; null when they were not kept (unsupported extension). */
  incoming: IncomingFile | null;
}

const MAX_NAME_LENGTH = 255;

/** The name as the shopper knows it: no folders, no control characters, at most 255 characters. */
export function cleanFileName(raw: string | undefined): string {
  const lastPart = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const base = [...lastPart]
    .filter((character) => character >= ' ' && character !== '\u007f')
    .join('')
    .trim();
  if (!base) return 'file';
  if (base.length <= MAX_NAME_LENGTH) return base;
  const extension = fileExtension(base);
  const keep = MAX_NAME_LENGTH - (extension ? extension.length + 1 : 0);
  return extension ? `${base.slice(0, keep)}.${extension}` : base.slice(0, keep);
}

async function receive(store: UploadStore, file: Express.Multer.File): Promise<ReceivedFile> {
  const originalName = cleanFileName(file.originalname);
  const extension = fileExtension(originalName);
  if (!isAllowedUploadExtension(extension)) {
    // Read past it without keeping a byte.
    let size = 0;
    for await (const chunk of file.stream) size += (chunk as Buffer).length;
    const problem = 'type';
    return {
      originalName,
      extension: null,
      size,
      sha256: '',
      image: null,
      problem,
      incoming: null,
    };
  }

  const inspector = new ContentInspector(extension);
  let seen = 0;
  // Bytes past the limit are still counted (the message names the size) but no longer written.
  const checkAndCap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inspector.push(chunk);
      seen += chunk.length;
      done(null, seen > MAX_FILE_SIZE_BYTES ? undefined : chunk);
    },
  });
  const incoming = await store.begin();
  try {
    await pipeline(file.stream, checkAndCap, incoming.stream);
  } catch (error) {
    await incoming.discard();
    throw error;
  }
  const { size, sha256, matchesExtension, image } = inspector.finish();
  const problem: FileProblem | null =
    size === 0
      ? 'empty'
      : size > MAX_FILE_SIZE_BYTES
        ? 'size'
        : !matchesExtension
          ? 'type'
          : image && image.width * image.height > MAX_IMAGE_PIXELS
            ? 'pixels'
            : null;
  return { originalName, extension, size, sha256, image, problem, incoming };
}

/** multer hands each file to _handleFile; what it returns lands on req.files[i].received. */
export function checkingStorage(store: UploadStore): StorageEngine {
  return {
    _handleFile(_req: Request, file, callback) {
      receive(store, file).then(
        (received) => callback(null, { received } as Partial<Express.Multer.File>),
        (error: unknown) => callback(error as Error),
      );
    },
    _removeFile(_req: Request, file, callback) {
      const { received } = file as Express.Multer.File & { received?: ReceivedFile };
      (received?.incoming?.discard() ?? Promise.resolve()).then(
        () => callback(null),
        (error: unknown) => callback(error as Error),
      );
    },
  };
}

export function receivedFilesOf(req: Request): ReceivedFile[] {
  const files = (req.files ?? []) as Array<Express.Multer.File & { received?: ReceivedFile }>;
  return files.flatMap((file) => (file.received ? [file.received] : []));
}
