// A file made for the caller (an invoice, a proof, a production file) answered as a download.
import type { Response } from 'express';

/**
 * Answers `body` as the file `fileName` (a name that needs no escaping): downloaded rather than
 * shown, and kept out of shared caches.
 */
export function sendAttachment(
  res: Response,
  fileName: string,
  type: string,
  body: Buffer | string,
): void {
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.type(type).send(body);
}
