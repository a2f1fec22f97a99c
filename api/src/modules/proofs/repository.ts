// Data access for proof revisions and the rendered PDFs; everything is found by _id.
import { Types } from 'mongoose';
import { insertUnlessTaken } from '../../platform/db';
import { ProofPdfModel, ProofRevisionModel, proofPdfEnd, type ProofRevisionRecord } from './model';

export async function findRevision(
  orderId: string,
  revision: number,
): Promise<ProofRevisionRecord | null> {
  return ProofRevisionModel.findById(`${orderId}:${revision}`).lean<ProofRevisionRecord>();
}

/** false when that revision number was taken by another call first. */
export async function insertRevision(
  revision: Omit<ProofRevisionRecord, '_id' | 'orderId'> & { orderId: string },
): Promise<boolean> {
  return insertUnlessTaken(() =>
    ProofRevisionModel.create({
      ...revision,
      _id: `${revision.orderId}:${revision.revision}`,
      orderId: new Types.ObjectId(revision.orderId),
    }),
  );
}

/** Takes back a revision this call inserted (`createdAt`, its own) and could not send. */
export async function deleteRevision(orderId: string, revision: number, createdAt: Date) {
  await ProofRevisionModel.deleteOne({ _id: `${orderId}:${revision}`, createdAt });
}

/** A kept copy (one past its time and not yet swept is as good: a revision never changes). */
export async function findCachedPdf(key: string): Promise<Buffer | null> {
  const found = await ProofPdfModel.findById(key);
  return found?.pdf ?? null;
}

export async function cachePdf(key: string, pdf: Buffer, now: Date): Promise<void> {
  const expiresAt = proofPdfEnd(now);
  // Two renders of the same revision at once: either copy is the same drawing.
  await insertUnlessTaken(() => ProofPdfModel.create({ _id: key, pdf, createdAt: now, expiresAt }));
}
