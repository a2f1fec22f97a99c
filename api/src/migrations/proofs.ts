// Proof PDFs were kept for ever (proof_pdfs); each now ends PROOF_PDF_KEPT_DAYS after it was kept
// (proofs/model.ts). A copy kept before has no end: it gets one, counted from this start. Once none
// is left without one, the query finds nothing on the `expiresAt` index.
import { PROOF_PDF_KEPT_DAYS, ProofPdfModel } from '../modules/proofs/model';
import type { Logger } from '../platform/logger';

export async function giveKeptProofsAnEnd(logger: Logger, now = new Date()): Promise<void> {
  const expiresAt = new Date(now.getTime() + PROOF_PDF_KEPT_DAYS * 24 * 60 * 60 * 1000);
  const { modifiedCount } = await ProofPdfModel.updateMany(
    { expiresAt: null },
    { $set: { expiresAt } },
  );
  if (modifiedCount > 0) logger.info({ proofs: modifiedCount }, 'Kept proof PDFs given an end');
}
