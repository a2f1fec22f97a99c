// Who uploaded which file; plain objects out. A record per owner and file (_id
// `s:{sessionId}:{filename}` / `c:{customerId}:{filename}`), so recording a file twice is one record.
import type { CartOwner } from '../../platform/auth-guards';
import { trusted, upsertRetryingRace } from '../../platform/db';
import { sweepUnheld, type SweepHooks } from '../../platform/held-sweep';
import { GUEST_UPLOAD_KEPT_DAYS, UploadModel, type UploadRecord } from './model';

const sessionKey = (sessionId: string, filename: string) => `s:${sessionId}:${filename}`;
const customerKey = (customerId: string, filename: string) => `c:${customerId}:${filename}`;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Records the file for its owner; a guest's new record is due to be swept GUEST_UPLOAD_KEPT_DAYS on
 * (set once: recording the file again never makes a kept record sweepable).
 */
async function writeRecord(
  _id: string,
  owner: { sessionId: string; customerId: string | null },
  file: { filename: string; originalName: string; size: number },
): Promise<void> {
  const sweep = owner.customerId
    ? {}
    : { sweepAfter: new Date(Date.now() + GUEST_UPLOAD_KEPT_DAYS * DAY_MS) };
  await upsertRetryingRace(() =>
    UploadModel.updateOne(
      { _id },
      {
        $set: { originalName: file.originalName, size: file.size },
        $setOnInsert: { filename: file.filename, ...owner, ...sweep },
      },
      { upsert: true },
    ).exec(),
  );
}

export async function recordUpload(
  owner: CartOwner,
  file: { filename: string; originalName: string; size: number },
): Promise<void> {
  // A guest's upload is the session's alone; a signed-in customer's is the customer's alone, so the
  // guest id reads nothing of the customer's after sign-out.
  await writeRecord(
    owner.customerId
      ? customerKey(owner.customerId, file.filename)
      : sessionKey(owner.sessionId, file.filename),
    { sessionId: owner.sessionId, customerId: owner.customerId ?? null },
    file,
  );
}

/** The records of these files that the owner may read: the session's, or the signed-in customer's. */
async function ownedRecords(owner: CartOwner, filenames: string[]): Promise<UploadRecord[]> {
  const keys = filenames.flatMap((filename) => [
    sessionKey(owner.sessionId, filename),
    ...(owner.customerId ? [customerKey(owner.customerId, filename)] : []),
  ]);
  if (keys.length === 0) return [];
  return UploadModel.find({ _id: trusted({ $in: keys }) }).lean<UploadRecord[]>();
}

/** The owner's record of the file: the session's, or the signed-in customer's. */
export async function findOwnedUpload(
  owner: CartOwner,
  filename: string,
): Promise<UploadRecord | null> {
  const records = await ownedRecords(owner, [filename]);
  return records.find(({ _id }) => _id.startsWith('s:')) ?? records[0] ?? null;
}

/** Any record of the file (an admin's download): the latest one made. */
export async function findAnyUpload(filename: string): Promise<UploadRecord | null> {
  return UploadModel.findOne({ filename })
    .sort({ createdAt: -1, _id: -1 })
    .lean<UploadRecord>()
    .exec();
}

/** Which of these stored names the owner uploaded. */
export async function ownedFilenames(owner: CartOwner, filenames: string[]): Promise<Set<string>> {
  return new Set((await ownedRecords(owner, filenames)).map((record) => record.filename));
}

/** After sign-in: the guest session's uploads become the customer's (and no longer the guest id's). */
export async function assignSessionUploadsToCustomer(
  sessionId: string,
  customerId: string,
): Promise<void> {
  const guests = await UploadModel.find({ sessionId, customerId: null }).lean<UploadRecord[]>();
  for (const record of guests)
    await writeRecord(customerKey(customerId, record.filename), { sessionId, customerId }, record);
  if (guests.length > 0)
    await UploadModel.deleteMany({ _id: trusted({ $in: guests.map(({ _id }) => _id) }) });
}

/**
 * The account was deleted: its upload records go, but those of `keep` (the artwork on its orders,
 * which the shop keeps and an admin downloads).
 */
export async function forgetCustomerUploads(
  customerId: string,
  keep: ReadonlySet<string>,
): Promise<void> {
  await UploadModel.deleteMany({ customerId, filename: trusted({ $nin: [...keep] }) });
}

/**
 * An order is being placed with these files: the session's records of them are kept from now on (the
 * shop engraves from them and an admin downloads them). A customer's records are kept anyway.
 */
export async function keepOrderedUploads(sessionId: string, filenames: string[]): Promise<void> {
  if (filenames.length === 0) return;
  await UploadModel.updateMany(
    { _id: trusted({ $in: filenames.map((filename) => sessionKey(sessionId, filename)) }) },
    { $unset: { sweepAfter: 1 } },
  ).exec();
}

type DueUpload = Pick<UploadRecord, '_id' | 'filename' | 'sessionId' | 'sweepAfter'>;

/** The sweep of guests' uploads (platform/held-sweep.ts): how many records went. */
export function sweepDueUploads(
  now: Date,
  batch: number,
  hooks: SweepHooks<DueUpload>,
): Promise<number> {
  return sweepUnheld<DueUpload>(UploadModel, {
    now,
    batch,
    fields: { filename: 1, sessionId: 1 },
    ...hooks,
  });
}

/** Whether anyone still has a record of the file (another guest, a customer, an order's). */
export async function isRecorded(filename: string): Promise<boolean> {
  return (await UploadModel.exists({ filename }).exec()) !== null;
}
