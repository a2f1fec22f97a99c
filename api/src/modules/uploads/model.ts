// Who uploaded which stored file. A file may be fetched back only by a session or customer that
// uploaded it, or by an admin; its name alone (a content hash) gives nobody else access.
import mongoose, { Schema } from 'mongoose';

export interface UploadRecord {
  /** `s:{sessionId}:{filename}` for the session that uploaded it, `c:{customerId}:{filename}` for a customer. */
  _id: string;
  /** The stored name: SHA-256 of the content plus the extension. */
  filename: string;
  originalName: string;
  size: number;
  sessionId: string;
  customerId: string | null;
  createdAt: Date;
  /**
   * A guest's upload that no order holds: when the sweep looks at it (GUEST_UPLOAD_KEPT_DAYS after it
   * was recorded; later while the guest's cart holds it). Absent on a customer's upload, on one an
   * order was placed with, and on one recorded before it existed: those are kept.
   */
  sweepAfter?: Date | null;
}

/** How long a guest's upload no cart or order holds is kept: as long as a guest's cart (cart/model.ts). */
export const GUEST_UPLOAD_KEPT_DAYS = 90;

const uploadSchema = new Schema<UploadRecord>(
  {
    _id: { type: String, required: true },
    filename: { type: String, required: true },
    originalName: { type: String, required: true },
    size: { type: Number, required: true },
    sessionId: { type: String, required: true },
    customerId: { type: String, default: null },
    sweepAfter: { type: Date },
  },
  { collection: 'uploads', timestamps: { createdAt: true, updatedAt: false } },
);
// Signing in hands the session's files to the customer; deleting a customer forgets theirs; an
// admin's download reads the file's latest record.
uploadSchema.index({ sessionId: 1 });
uploadSchema.index({ customerId: 1 });
uploadSchema.index({ filename: 1, createdAt: -1, _id: -1 });
// The sweep: guests' uploads due to be looked at, oldest first.
uploadSchema.index({ sweepAfter: 1 });

export const UploadModel = mongoose.model<UploadRecord>('Upload', uploadSchema);
