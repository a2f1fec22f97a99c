// Who uploaded which stored file. A file may be fetched back only by a session or customer that
// uploaded it, or by an admin; its name alone (a content hash) gives nobody else access.
import mongoose, { Schema, type Types } from 'mongoose';

export interface UploadRecord {
  _id: Types.ObjectId;
  /** The stored name: SHA-256 of the content plus the extension. */
  filename: string;
  originalName: string;
  size: number;
  sessionId: string;
  customerId: string | null;
  createdAt: Date;
}

const uploadSchema = new Schema<UploadRecord>(
  {
    filename: { type: String, required: true },
    originalName: { type: String, required: true },
    size: { type: Number, required: true },
    sessionId: { type: String, required: true },
    customerId: { type: String, default: null },
  },
  { collection: 'uploads', timestamps: { createdAt: true, updatedAt: false } },
);

// One record per file and session (both always present); the customer's uploads are found by customerId.
uploadSchema.index({ filename: 1, sessionId: 1 }, { unique: true });
uploadSchema.index({ filename: 1, customerId: 1 });
uploadSchema.index({ sessionId: 1, customerId: 1 });

export const UploadModel = mongoose.model<UploadRecord>('Upload', uploadSchema);
