import mongoose, { Schema, type Types } from 'mongoose';
import { expiringAt, sweepWhenExpired } from '../../platform/expiry';

/** One line as a revision shows it: its text, or a proof file the shop uploaded for it. */
export interface ProofRevisionLine {
  lineId: string;
  customText: string;
  uploadedFile: { hashedName: string; originalName: string; contentType: string } | null;
  /** Whether this revision changed the line. */
  changed: boolean;
}

/**
 * Revision 2, 3, ... of an order's proof (revision 1 is the order's lines as ordered), _id
 * `{orderId}:{revision}`, its natural key: the insert under it decides which of two racing revisions
 * is made. Revisions are never changed, so earlier ones stay as they were.
 */
export interface ProofRevisionRecord {
  _id: string;
  orderId: Types.ObjectId;
  revision: number;
  createdAt: Date;
  by: string;
  note: string | null;
  lines: ProofRevisionLine[];
}

const proofRevisionSchema = new Schema<ProofRevisionRecord>(
  {
    _id: { type: String, required: true },
    orderId: { type: Schema.Types.ObjectId, required: true },
    revision: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    by: { type: String, required: true },
    note: { type: String, default: null },
    lines: { type: Schema.Types.Mixed, required: true },
  },
  { versionKey: false },
);

export const ProofRevisionModel = mongoose.model<ProofRevisionRecord>(
  'ProofRevision',
  proofRevisionSchema,
  'proof_revisions',
);

/**
 * A rendered proof PDF, _id `{orderId}:{lineId}:{revision}`: a revision never changes, so a PDF kept
 * (on its first download, or a series' on its first email: proofs.ts) is read back until it expires,
 * PROOF_PDF_KEPT_DAYS after it was kept; a download after that draws it again (the same drawing).
 */
interface ProofPdfRecord {
  _id: string;
  pdf: Buffer;
  createdAt: Date;
  expiresAt: Date;
}

/** Proofs are read around their order's making; a copy kept for ever would grow with the history. */
export const PROOF_PDF_KEPT_DAYS = 90;

/** When a copy kept at `keptAt` ends. */
export function proofPdfEnd(keptAt: Date): Date {
  return new Date(keptAt.getTime() + PROOF_PDF_KEPT_DAYS * 24 * 60 * 60 * 1000);
}

const proofPdfSchema = new Schema<ProofPdfRecord>(
  {
    _id: { type: String, required: true },
    pdf: { type: Buffer, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: expiringAt(),
  },
  { versionKey: false },
);

export const ProofPdfModel = sweepWhenExpired(
  mongoose.model<ProofPdfRecord>('ProofPdf', proofPdfSchema, 'proof_pdfs'),
);
