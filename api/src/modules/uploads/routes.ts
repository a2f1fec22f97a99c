import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import {
  MAX_FILES_PER_UPLOAD,
  NO_FILES_MESSAGE,
  TOO_MANY_FILES_MESSAGE,
  UPLOAD_FIELD,
  uploadFilenameParamsSchema,
} from '@shop/contracts';
import type { AppDependencies } from '../../dependencies';
import { cartOwner } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import { parseParams } from '../../platform/validate';
import { checkingStorage, cleanFileName, receivedFilesOf } from './receiving';
import { limitPerAddress } from '../../platform/address-limits';
import { localFolderStore } from './storage';
import { keepUploads, openUpload, sendDownload } from './uploads';

const MB = 1024 * 1024;
/**
 * Files over 10MB are still read (to name their size in the message) up to this hard limit per file;
 * a whole request may not be larger than this either (5 files of 10MB fit with room for the form).
 */
const HARD_FILE_LIMIT_MB = 60;

const limits: multer.Options['limits'] = {
  files: MAX_FILES_PER_UPLOAD,
  fileSize: HARD_FILE_LIMIT_MB * MB,
  fields: 10,
  fieldNameSize: 100,
  fieldSize: 1024,
  parts: MAX_FILES_PER_UPLOAD + 10,
  headerPairs: 20,
};

/** multer's and busboy's errors in the spec's words; the store's own failures (disk) stay 500s. */
function asUploadError(error: unknown): unknown {
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_COUNT':
        return AppError.invalidField(UPLOAD_FIELD, TOO_MANY_FILES_MESSAGE);
      case 'LIMIT_UNEXPECTED_FILE':
        return error.field === UPLOAD_FIELD
          ? AppError.invalidField(UPLOAD_FIELD, TOO_MANY_FILES_MESSAGE)
          : AppError.invalid(`Files must be sent in the "${UPLOAD_FIELD}" field`);
      case 'LIMIT_FILE_SIZE': {
        // multer 2 names the file on the error; its type declarations do not say so yet.
        const { filename } = error as multer.MulterError & { filename?: string };
        const message = `File "${cleanFileName(filename)}": File size (over ${HARD_FILE_LIMIT_MB}MB) exceeds the 10MB limit.`;
        return new AppError('too_large', message, { errors: [{ path: UPLOAD_FIELD, message }] });
      }
      default:
        return AppError.invalid('The upload has too many or too large form fields');
    }
  }
  if (error instanceof AppError) return error;
  if ((error as { syscall?: unknown } | null)?.syscall !== undefined) return error;
  return AppError.invalid('The upload could not be read (malformed multipart body)');
}

/** How long a refused body is read and dropped before its connection is closed anyway. */
const DISCARD_MS = 60_000;

/**
 * Reads and drops the body of a request refused before reading it. Closing the connection instead
 * resets it while the body still arrives, and that reset can reach the shell's forwarding before the
 * 413 does, which it then answers with a 502 ("not reachable, try again"): the shopper would send the
 * whole upload again. A body still arriving after DISCARD_MS is cut off all the same.
 */
function discardBody(req: Request): void {
  const cutOff = setTimeout(() => req.socket.destroy(), DISCARD_MS);
  cutOff.unref();
  req.once('end', () => clearTimeout(cutOff));
  req.once('close', () => clearTimeout(cutOff));
  req.resume();
}

export function uploadRoutes({ config, logger }: AppDependencies): Router {
  const router = Router();
  const store = localFolderStore(config.uploadDir);
  const receiveFiles = multer({
    storage: checkingStorage(store),
    limits,
    // Browsers send file names as UTF-8.
    defParamCharset: 'utf8',
  }).array(UPLOAD_FIELD, MAX_FILES_PER_UPLOAD);

  const limit = limitPerAddress('upload', { isProduction: config.isProduction, logger });
  router.post('/upload', limit, (req: Request, res: Response, next: NextFunction) => {
    const owner = cartOwner(req);
    const declaredLength = Number(req.get('content-length') ?? 0);
    if (declaredLength > HARD_FILE_LIMIT_MB * MB) {
      discardBody(req);
      throw AppError.tooLarge(
        `The upload is too large: at most ${MAX_FILES_PER_UPLOAD} files of 10MB each.`,
      );
    }
    receiveFiles(req, res, (error?: unknown) => {
      if (error) return next(asUploadError(error));
      const received = receivedFilesOf(req);
      if (received.length === 0) {
        return next(AppError.invalidField(UPLOAD_FIELD, NO_FILES_MESSAGE));
      }
      keepUploads(owner, received).then((answer) => res.json(answer), next);
    });
  });

  router.get('/uploads/:filename', async (req, res) => {
    const { filename } = parseParams(uploadFilenameParamsSchema, req);
    const isAdmin = req.user?.isAdmin === true;
    const file = await openUpload(store, filename, {
      owner: isAdmin ? null : cartOwner(req),
      isAdmin,
    });
    await sendDownload(res, file);
  });

  return router;
}
