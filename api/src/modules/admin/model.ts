import mongoose, { Schema, type Types } from 'mongoose';

export const ADMIN_GRANT_OUTCOMES = ['granted', 'wrong_secret', 'rate_limited'] as const;
export type AdminGrantOutcome = (typeof ADMIN_GRANT_OUTCOMES)[number];

/** Every attempt at the admin secret: who, when, from where, and what came of it (an audit log). */
interface AdminGrantAttemptRecord {
  _id: Types.ObjectId;
  customerId: Types.ObjectId;
  email: string;
  ip: string;
  outcome: AdminGrantOutcome;
  createdAt: Date;
}

const adminGrantAttemptSchema = new Schema<AdminGrantAttemptRecord>(
  {
    customerId: { type: Schema.Types.ObjectId, required: true },
    email: { type: String, required: true },
    ip: { type: String, required: true },
    outcome: { type: String, required: true, enum: ADMIN_GRANT_OUTCOMES },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
adminGrantAttemptSchema.index({ customerId: 1, createdAt: -1 });

export const AdminGrantAttemptModel = mongoose.model<AdminGrantAttemptRecord>(
  'AdminGrantAttempt',
  adminGrantAttemptSchema,
  'admin_grant_attempts',
);
