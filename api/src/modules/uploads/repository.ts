// Who uploaded which file; plain objects out. Every call is a lookup or a write by _id (a record per
// session and per customer, `s:{sessionId}:{filename}` / `c:{customerId}:{filename}`): FerretDB v1
// reads a whole collection for any other filter, and uploads grow with the shop.
import type { CartOwner } from '../../platform/auth-guards';
import { isDuplicateKeyError } from '../../platform/db';
import { UploadIndexModel, UploadModel, type UploadRecord } from './model';

const sessionKey = (sessionId: string, filename: string) => `s:${sessionId}:${filename}`;
const customerKey = (customerId: string, filename: string) => `c:${customerId}:${filename}`;
const lastKey = (filename: string) => `f:${filename}`;
/** The customer's files (written before each record), so deleting the account reads no other's. */
const customerIndexKey = (customerId: string) => `c:${customerId}`;

async function upsert(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    // Two first writes of one record at once: it exists now, so the retry updates it.
    if (!isDuplicateKeyError(error)) throw error;
    await run();
  }
}

/** Adds filename to the list under _id (read, then write: a list only the owner's calls change). */
async function addToIndex(id: string, filename: string): Promise<void> {
  const index = await UploadIndexModel.findById(id).lean();
  if (index?.filenames.includes(filename)) return;
  await upsert(() =>
    UploadIndexModel.updateOne(
      { _id: id },
      { $set: { filenames: [...(index?.filenames ?? []), filename] } },
      { upsert: true },
    ).exec(),
  );
}

async function writeRecord(
  _id: string,
  owner: { sessionId: string; customerId: string | null },
  file: { filename: string; originalName: string; size: number },
): Promise<void> {
  await upsert(() =>
    UploadModel.updateOne(
      { _id },
      {
        $set: { originalName: file.originalName, size: file.size },
        $setOnInsert: { filename: file.filename, ...owner },
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
  if (owner.customerId) {
    await addToIndex(customerIndexKey(owner.customerId), file.filename);
    await writeRecord(
      customerKey(owner.customerId, file.filename),
      { sessionId: owner.sessionId, customerId: owner.customerId },
      file,
    );
  } else {
    await writeRecord(
      sessionKey(owner.sessionId, file.filename),
      { sessionId: owner.sessionId, customerId: null },
      file,
    );
    await addToIndex(owner.sessionId, file.filename);
  }
  await rememberLastRecord(
    file.filename,
    owner.customerId
      ? customerKey(owner.customerId, file.filename)
      : sessionKey(owner.sessionId, file.filename),
  );
}

/** The record an admin's download reads: the latest one written for the file. */
async function rememberLastRecord(filename: string, recordId: string): Promise<void> {
  await upsert(() =>
    UploadIndexModel.updateOne(
      { _id: lastKey(filename) },
      { $set: { filenames: [recordId] } },
      { upsert: true },
    ).exec(),
  );
}

/** The owner's record of the file: the session's, or the signed-in customer's. */
export async function findOwnedUpload(
  owner: CartOwner,
  filename: string,
): Promise<UploadRecord | null> {
  const bySession = await UploadModel.findById(sessionKey(owner.sessionId, filename))
    .lean<UploadRecord>()
    .exec();
  if (bySession || !owner.customerId) return bySession;
  return UploadModel.findById(customerKey(owner.customerId, filename)).lean<UploadRecord>().exec();
}

/** Any record of the file (an admin's download): the latest one written. */
export async function findAnyUpload(filename: string): Promise<UploadRecord | null> {
  const last = await UploadIndexModel.findById(lastKey(filename)).lean();
  const recordId = last?.filenames[0];
  if (!recordId) return null;
  return UploadModel.findById(recordId).lean<UploadRecord>().exec();
}

/** Which of these stored names the owner uploaded. */
export async function ownedFilenames(owner: CartOwner, filenames: string[]): Promise<Set<string>> {
  const owned = await Promise.all(
    filenames.map(async (filename) => ((await findOwnedUpload(owner, filename)) ? filename : null)),
  );
  return new Set(owned.filter((filename): filename is string => filename !== null));
}

/** After sign-in: the guest session's uploads become the customer's (and no longer the guest id's). */
export async function assignSessionUploadsToCustomer(
  sessionId: string,
  customerId: string,
): Promise<void> {
  const index = await UploadIndexModel.findById(sessionId).lean();
  for (const filename of index?.filenames ?? []) {
    const record = await UploadModel.findById(sessionKey(sessionId, filename))
      .lean<UploadRecord>()
      .exec();
    if (!record) continue;
    await addToIndex(customerIndexKey(customerId), filename);
    await writeRecord(customerKey(customerId, filename), { sessionId, customerId }, record);
    await rememberLastRecord(filename, customerKey(customerId, filename));
    await UploadModel.deleteOne({ _id: sessionKey(sessionId, filename) }).exec();
  }
  if (index) await UploadIndexModel.deleteOne({ _id: sessionId }).exec();
}

/**
 * The account was deleted: its upload records go, read by its index, but the records of `keep` (the
 * artwork on its orders, which the shop keeps and an admin downloads). The latest-record pointer of
 * a file whose record goes is dropped with it.
 */
export async function forgetCustomerUploads(
  customerId: string,
  keep: ReadonlySet<string>,
): Promise<void> {
  const index = await UploadIndexModel.findById(customerIndexKey(customerId)).lean();
  for (const filename of index?.filenames ?? []) {
    if (keep.has(filename)) continue;
    const recordId = customerKey(customerId, filename);
    await UploadModel.deleteOne({ _id: recordId }).exec();
    const last = await UploadIndexModel.findById(lastKey(filename)).lean();
    if (last?.filenames[0] === recordId)
      await UploadIndexModel.deleteOne({ _id: lastKey(filename) });
  }
  if (index) await UploadIndexModel.deleteOne({ _id: customerIndexKey(customerId) }).exec();
}
