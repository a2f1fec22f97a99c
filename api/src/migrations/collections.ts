// Helpers the start-up migrations share.
import mongoose from 'mongoose';

/** Drops a collection; one already gone (dropped by another process starting too) is no error. */
export async function dropCollectionIfThere(name: string): Promise<boolean> {
  try {
    return await mongoose.connection.db!.dropCollection(name);
  } catch (error) {
    if ((error as { codeName?: string }).codeName === 'NamespaceNotFound') return false;
    throw error;
  }
}

/** Whether the database has this collection. */
export async function hasCollection(name: string): Promise<boolean> {
  return (await mongoose.connection.db!.listCollections({ name }).toArray()).length > 0;
}
