/**
 * Artwork uploads (docs/product.md sections 5 and 7, docs/design.md section 8): the field, limits,
 * accepted types and messages, free of zod so the configurator's first render runs none; uploads.ts
 * holds the calls' schemas and re-exports these.
 */

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

/**
 * The most pixels an uploaded image may have (a 5,000 × 5,000 picture): an image is drawn into the
 * proof and the engraver's files, which decode every pixel, and a small file can claim billions.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

export const imageTooLargeMessage = (file: string, width: number, height: number) =>
  `File "${file}": The image is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels; at most 25 megapixels (5,000 × 5,000, for example) are taken. Save it smaller and upload it again.`;

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
