import type { CartOwner } from '../../platform/auth-guards';
import { trusted } from '../../platform/db';
import { UploadModel, type UploadRecord } from './model';

/** The owner's records: by session, or also by customer once signed in. */
function ownedBy(owner: CartOwner) {
  return owner.customerId
    ? { $or: [{ sessionId: owner.sessionId }, { customerId: owner.customerId }] }
    : { sessionId: owner.sessionId };
}

export async function recordUpload(
  owner: CartOwner,
  file: { filename: string; originalName: string; size: number },
): Promise<void> {
  // A customer, once set, stays: the same session uploading again signed out does not take it away.
  const update = owner.customerId
    ? { $set: { originalName: file.originalName, size: file.size, customerId: owner.customerId } }
    : {
        $set: { originalName: file.originalName, size: file.size },
        $setOnInsert: { customerId: null },
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
