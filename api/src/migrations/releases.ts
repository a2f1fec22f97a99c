// A shell's refusal of a release (release_skew_reports) was kept once under a `key` field made of
// its remote, version and reason; a unique index on those three fields does that now. The key's
// index goes (a report without the field would break it) and so does the field.
import mongoose from 'mongoose';
import type { Logger } from '../platform/logger';
import { dropIndexIfThere } from './collections';

export async function dropSkewReportKeys(logger: Logger): Promise<void> {
  await dropIndexIfThere('release_skew_reports', 'key_1');
  const { modifiedCount } = await mongoose.connection
    .db!.collection('release_skew_reports')
    .updateMany({ key: { $exists: true } }, { $unset: { key: '' } });
  if (modifiedCount > 0) logger.info({ reports: modifiedCount }, 'Dropped the skew reports’ keys');
}
