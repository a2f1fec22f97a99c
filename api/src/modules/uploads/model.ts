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
}

const uploadSchema = new Schema<UploadRecord>(
  {
    _id: { type: String, required: true },
    filename: { type: String, required: true },
    originalName: { type: String, required: true },
    size: { type: Number, required: true },
    sessionId: { type: String, required: true },
    customerId: { type: String, default: null },
  },
  { collection: 'uploads', timestamps: { createdAt: true, updatedAt: false } },
);

export const UploadModel = mongoose.model<UploadRecord>('Upload', uploadSchema);

/**
 * What a session uploaded (_id = the session id), so signing in can give those files to the customer
 * without reading through every upload; and who uploaded a file last (_id = `f:{filename}`), for an
 * admin's download. Found by _id, the one filter FerretDB v1 answers without a full read.
 */
export interface UploadIndexRecord {
  _id: string;
  filenames: string[];
}

const uploadIndexSchema = new Schema<UploadIndexRecord>(
  {
    _id: { type: String, required: true },
    filenames: { type: [String], default: [] },
  },
  { collection: 'upload_index', versionKey: false },
);

export const UploadIndexModel = mongoose.model<UploadIndexRecord>('UploadIndex', uploadIndexSchema);
