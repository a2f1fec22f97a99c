import type { CartOwner } from '../../platform/auth-guards';
import { trusted } from '../../platform/db';
import { UploadModel, type UploadRecord } from './model';

/**
 * The owner's records: the session's own (never given to a customer), and once signed in also the
 * customer's from any session. A guest id that was signed in with reads nothing of the customer's
 * after sign-out, and another customer signing in on the same browser reads none of it either.
 */
function ownedBy(owner: CartOwner) {
  const sessionOwn = { sessionId: owner.sessionId, customerId: null };
  return owner.customerId ? { $or: [sessionOwn, { customerId: owner.customerId }] } : sessionOwn;
}

export async function recordUpload(
  owner: CartOwner,
  file: { filename: string; originalName: string; size: number },
): Promise<void> {
  // Uploaded by a guest, the record is the session's alone again (the guest has just sent the same
  // bytes, so nothing of the customer's is revealed), and sign-in gives it to the customer again.
  const update = {
    $set: {
      originalName: file.originalName,
      size: file.size,
      customerId: owner.customerId ?? null,
    },
  };
  await UploadModel.updateOne({ filename: file.filename, sessionId: owner.sessionId }, update, {
    upsert: true,
  }).exec();
}

export function findOwnedUpload(owner: CartOwner, filename: string): Promise<UploadRecord | null> {
  return UploadModel.findOne({ filename, ...ownedBy(owner) })
    .lean<UploadRecord>()
    .exec();
}

export function findAnyUpload(filename: string): Promise<UploadRecord | null> {
  return UploadModel.findOne({ filename }).lean<UploadRecord>().exec();
}

/** Which of these stored names the owner uploaded. */
export async function ownedFilenames(owner: CartOwner, filenames: string[]): Promise<Set<string>> {
  if (filenames.length === 0) return new Set();
  const records = await UploadModel.find(
    { filename: trusted({ $in: filenames }), ...ownedBy(owner) },
    { filename: 1 },
  )
    .lean<Array<Pick<UploadRecord, 'filename'>>>()
    .exec();
  return new Set(records.map((record) => record.filename));
}

/** After sign-in: the guest session's uploads become the customer's too. */
export async function assignSessionUploadsToCustomer(
  sessionId: string,
  customerId: string,
): Promise<void> {
  await UploadModel.updateMany({ sessionId, customerId: null }, { $set: { customerId } }).exec();
}
