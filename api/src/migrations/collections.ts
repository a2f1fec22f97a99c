// Helpers the start-up migrations share.
import mongoose from 'mongoose';

/**
 * Drops a collection if the database has it; true when it was there. Dropping one that is not there
 * answers ok on FerretDB and on MongoDB 7, so the drop's answer cannot tell. One gone meanwhile
 * (dropped by another process starting too) is no error.
 */
export async function dropCollectionIfThere(name: string): Promise<boolean> {
  if (!(await hasCollection(name))) return false;
  try {
    await mongoose.connection.db!.dropCollection(name);
    return true;
  } catch (error) {
    if ((error as { codeName?: string }).codeName === 'NamespaceNotFound') return false;
    throw error;
  }
}

/** Whether the database has this collection. */
export async function hasCollection(name: string): Promise<boolean> {
  return (await mongoose.connection.db!.listCollections({ name }).toArray()).length > 0;
}

/** Drops an index a schema no longer declares; one not there (or no collection) is no error. */
export async function dropIndexIfThere(collection: string, index: string): Promise<void> {
  try {
    await mongoose.connection.db!.collection(collection).dropIndex(index);
  } catch (error) {
    const codeName = (error as { codeName?: string }).codeName;
    if (codeName !== 'IndexNotFound' && codeName !== 'NamespaceNotFound') throw error;
  }
}

/** How many writes a migration sends at once. */
export const BATCH = 1000;

/** Writes in batches, going on past a duplicate key (a document another process inserted). */
export async function bulkWriteInBatches<T extends mongoose.mongo.Document>(
  collection: string,
  writes: Array<mongoose.mongo.AnyBulkWriteOperation<T>>,
): Promise<void> {
  for (let i = 0; i < writes.length; i += BATCH) {
    await mongoose.connection
      .db!.collection<T>(collection)
      .bulkWrite(writes.slice(i, i + BATCH), { ordered: false })
      .catch((error: unknown) => {
        const writeErrors = (error as { writeErrors?: Array<{ code?: number }> }).writeErrors;
        const onlyDuplicates =
          Array.isArray(writeErrors) && writeErrors.every((entry) => entry.code === 11000);
        if (!onlyDuplicates) throw error;
      });
  }
}
