// Proof PDFs were kept for ever (proof_pdfs); each now ends PROOF_PDF_KEPT_DAYS after it was kept
// (proofs/model.ts). A copy kept before has no end: it gets one, counted from this start. Once none
// is left without one, the query finds nothing on the `expiresAt` index.
import { ProofPdfModel, proofPdfEnd } from '../modules/proofs/model';
import type { Logger } from '../platform/logger';

export async function giveKeptProofsAnEnd(logger: Logger, now = new Date()): Promise<void> {
  const { modifiedCount } = await ProofPdfModel.updateMany(
    { expiresAt: null },
    { $set: { expiresAt: proofPdfEnd(now) } },
  );
  if (modifiedCount > 0) logger.info({ proofs: modifiedCount }, 'Kept proof PDFs given an end');
}
