// The last of the structures that stood in for indexes: the shared due queues (`due_entries`,
// `due_hours`) and the counters every numbered list kept (`counters`). Each module's migration has
// moved what they held for it before this one runs (migrations/index.ts keeps that order).
import type { Logger } from '../platform/logger';
import { dropCollectionIfThere } from './collections';

export async function dropSharedStandIns(logger: Logger): Promise<void> {
  let dropped = 0;
  for (const name of ['due_entries', 'due_hours', 'counters'])
    if (await dropCollectionIfThere(name)) dropped += 1;
  if (dropped > 0) logger.info({ dropped }, 'Dropped the due queues and list counters');
}
