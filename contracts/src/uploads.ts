/** Artwork uploads (docs/product.md sections 5 and 7, docs/design.md section 8): the calls' schemas. */
import { z } from 'zod';
import { STORED_FILE_NAME_PATTERN } from './upload-options';

export * from './upload-options';

/** GET /api/uploads/{filename}: only a stored name, so no path can be smuggled in. */
export const uploadFilenameParamsSchema = z.object({
  filename: z.string().regex(STORED_FILE_NAME_PATTERN, 'Invalid file name'),
});

export const uploadedFileSchema = z.object({ filename: z.string(), originalName: z.string() });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/**
 * POST /api/upload: 200 when at least one file was kept (errors lists the others), otherwise the
 * error answer with one entry per file (path files.{index}).
 */
export const uploadResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
  files: z.array(uploadedFileSchema),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
