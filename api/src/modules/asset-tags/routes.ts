import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { MAX_SHEET_ROWS, SHEET_FIELD, labelConfigurationSchema } from '@shop/contracts';
import type { AppDependencies } from '../../dependencies';
import { cartOwner } from '../../platform/auth-guards';
import { limitPerAddress } from '../../platform/address-limits';
import { AppError } from '../../platform/errors';
import { idParamsSchema, parseBody, parseParams, parseQuery } from '../../platform/validate';
import { checkSheet, findOwnedSheet, keepSheet, summarizeSheet } from './asset-tags';
import { MAX_SHEET_FILE_BYTES } from './spreadsheet';

const rowsQuerySchema = z.object({
  from: z.coerce
    .number({ error: 'from must be a number' })
    .int('from must be a whole number')
    .min(0, 'from must be 0 or more')
    .max(MAX_SHEET_ROWS, 'from is past the last row')
    .optional()
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .optional()
    .default(20),
});

/** The file's name as the shopper knows it: its last part, no control characters, at most 255. */
function cleanName(raw: string | undefined): string {
  const base = [...((raw ?? '').split(/[\\/]/).pop() ?? '')]
    .filter((character) => character >= ' ' && character !== '\u007f')
    .join('')
    .trim()
    .slice(-255);
  return base || 'spreadsheet';
}

export function assetTagRoutes({ config, logger }: AppDependencies): Router {
  const router = Router();
  // One byte past the limit tells a file over it from one exactly at it.
  const receiveSheet = multer({
    storage: multer.memoryStorage(),
    limits: {
      files: 1,
      fileSize: MAX_SHEET_FILE_BYTES + 1,
      fields: 0,
      parts: 2,
      headerPairs: 20,
    },
    defParamCharset: 'utf8',
  }).single(SHEET_FIELD);
  // Sheets fill storage like artwork does: the uploads' limit per address.
  const limit = limitPerAddress('upload', { isProduction: config.isProduction, logger });

  router.post(
    '/label-sheets',
    limit,
    (req: Request, res: Response, next: NextFunction) => {
      cartOwner(req);
      receiveSheet(req, res, (error: unknown) => {
        if (!error) return next();
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
          return next(
            AppError.tooLarge(
              'The file is larger than 5MB. A sheet of 10,000 labels fits well within that: remove other sheets, pictures or columns.',
            ),
          );
        }
        if (error instanceof multer.MulterError) {
          return next(AppError.invalid(`Send one spreadsheet in the "${SHEET_FIELD}" field`));
        }
        next(AppError.invalid('The upload could not be read (malformed multipart body)'));
      });
    },
    async (req, res) => {
      const owner = cartOwner(req);
      if (!req.file) throw AppError.invalid(`Send one spreadsheet in the "${SHEET_FIELD}" field`);
      const name = cleanName(req.file.originalname);
      if (req.file.size > MAX_SHEET_FILE_BYTES) {
        throw AppError.tooLarge(
          `The file "${name}" is larger than 5MB. A sheet of 10,000 labels fits well within that: remove other sheets, pictures or columns.`,
        );
      }
      res.status(201).json(await keepSheet(owner, { originalName: name, bytes: req.file.buffer }));
    },
  );

  router.get('/label-sheets/:id', async (req, res) => {
    const owner = cartOwner(req);
    const { id } = parseParams(idParamsSchema, req);
    const { from, limit: count } = parseQuery(rowsQuerySchema, req);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(summarizeSheet(await findOwnedSheet(owner, id), from, count));
  });

  // Checking every row of a sheet takes the processor tens of milliseconds: limited per address,
  // well above what a shopper changing the label's size, colour and columns asks for.
  const checkLimit = limitPerAddress('sheetCheck', { isProduction: config.isProduction, logger });
  router.post('/label-sheets/:id/check', checkLimit, async (req, res) => {
    const owner = cartOwner(req);
    const { id } = parseParams(idParamsSchema, req);
    const label = parseBody(labelConfigurationSchema, req);
    res.json(await checkSheet(owner, id, label));
  });

  return router;
}
