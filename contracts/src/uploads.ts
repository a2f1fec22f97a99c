/** Artwork uploads (docs/product.md sections 5 and 7, docs/design.md section 8): limits, messages, answer. */
import { z } from 'zod';

export const UPLOAD_FIELD = 'files';
export const MAX_FILES_PER_UPLOAD = 5;
export const MAX_FILE_SIZE_MB = 10;
export const MAX_FILE_SIZE_BYTES = MAX_FILE_SIZE_MB * 1024 * 1024;
export const ALLOWED_UPLOAD_EXTENSIONS = [
  'pdf',
  'xlsx',
  'xls',
  'doc',
  'docx',
  'png',
  'jpg',
  'jpeg',
  'txt',
] as const;
export type UploadExtension = (typeof ALLOWED_UPLOAD_EXTENSIONS)[number];
/** For the file input's accept attribute. */
export const UPLOAD_ACCEPT = ALLOWED_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(
  ',',
);

export const NO_FILES_MESSAGE = 'Please select at least one file to upload.';
export const TOO_MANY_FILES_MESSAGE = `You can upload a maximum of ${MAX_FILES_PER_UPLOAD} files at once.`;

export const unsupportedFileTypeMessage = (file: string) =>
  `File "${file}": Unsupported file type. Please use PDF, Excel, Word, or image files.`;

/**
 * The size in MB with two decimals, rounded up, so a file just over the limit never reads "10.00MB"
 * (10MB = 10 x 1024 x 1024 bytes).
 */
export const fileSizeInMb = (bytes: number) =>
  (Math.ceil((bytes / (1024 * 1024)) * 100) / 100).toFixed(2);

export const fileTooLargeMessage = (file: string, bytes: number) =>
  `File "${file}": File size (${fileSizeInMb(bytes)}MB) exceeds the ${MAX_FILE_SIZE_MB}MB limit.`;

export const emptyFileMessage = (file: string) => `File "${file}": File appears to be empty.`;

/** The extension of a file name, lower-cased, or '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isAllowedUploadExtension(extension: string): extension is UploadExtension {
  return (ALLOWED_UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/** A stored file's name: the SHA-256 of its content and its extension. */
export const STORED_FILE_NAME_PATTERN = new RegExp(
  `^[a-f0-9]{64}\\.(${ALLOWED_UPLOAD_EXTENSIONS.join('|')})$`,
);

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
