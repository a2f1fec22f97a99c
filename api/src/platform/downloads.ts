// A file made for the caller (an invoice, a proof, a production file) answered as a download.
import type { Response } from 'express';

/**
 * Answers `body` as the file `fileName` (a name that needs no escaping): downloaded rather than
 * shown, and kept out of shared caches (`cacheControl`: not kept at all unless the caller says so).
 */
export function sendAttachment(
  res: Response,
  fileName: string,
  type: string,
  body: Buffer | string,
  { cacheControl = 'private, no-store' }: { cacheControl?: string } = {},
): void {
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', cacheControl);
  res.type(type).send(body);
}
