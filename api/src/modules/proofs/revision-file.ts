// A revised proof file from the admin (PNG, JPG or PDF, at most 10 MB), checked by its content as the
// uploads module checks shoppers' files (docs/design.md section 8), kept in the upload store under the
// SHA-256 of its bytes.
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { MAX_IMAGE_PIXELS, imageTooLargeMessage, type UploadExtension } from '@shop/contracts';
import { AppError } from '../../platform/errors';
import { ContentInspector, type UploadStore } from '../uploads/uploads';

export const MAX_PROOF_FILE_BYTES = 10 * 1024 * 1024;

// A Map, so a name's extension is looked up among these four only (a plain object also answers
// "constructor", "__proto__" and the like).
const PROOF_FILE_TYPES = new Map<string, { extension: UploadExtension; contentType: string }>([
  ['png', { extension: 'png', contentType: 'image/png' }],
  ['jpg', { extension: 'jpg', contentType: 'image/jpeg' }],
  ['jpeg', { extension: 'jpeg', contentType: 'image/jpeg' }],
  ['pdf', { extension: 'pdf', contentType: 'application/pdf' }],
]);

export async function keepProofFile(
  store: UploadStore,
  file: { originalname: string; buffer: Buffer },
): Promise<{ hashedName: string; originalName: string; contentType: string }> {
  const originalName = path.basename(file.originalname).slice(0, 200) || 'proof';
  const extension = originalName.slice(originalName.lastIndexOf('.') + 1).toLowerCase();
  const type = PROOF_FILE_TYPES.get(extension);
  if (!type) throw AppError.unsupportedMedia('A proof file must be a PNG, JPG or PDF');
  const inspector = new ContentInspector(type.extension);
  inspector.push(file.buffer);
  const inspection = inspector.finish();
  if (!inspection.matchesExtension) {
    throw AppError.unsupportedMedia(
      `File "${originalName}": its content is not a ${type.extension.toUpperCase()} file`,
    );
  }
  const image = inspection.image;
  if (image && image.width * image.height > MAX_IMAGE_PIXELS) {
    throw AppError.tooLarge(imageTooLargeMessage(originalName, image.width, image.height));
  }
  const hashedName = `proof-${inspection.sha256}.${type.extension}`;
  const incoming = await store.begin();
  incoming.stream.end(file.buffer);
  await finished(incoming.stream);
  await incoming.commit(hashedName);
  return { hashedName, originalName, contentType: type.contentType };
}
