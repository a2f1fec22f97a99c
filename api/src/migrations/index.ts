// What the API does to a database at start before it serves: each migration moves data written by an
// earlier version into today's shape. Every one is safe to run again (it finds nothing left to do)
// and beside another API process starting at the same time, so a rolling deploy needs no step of
// its own. Add a module's migration here, oldest first.
import type { Logger } from '../platform/logger';
import { foldCartSessions } from './cart-sessions';
import { countDiscountUsesOnCodes } from './discounts';

const migrations: Array<(logger: Logger) => Promise<void>> = [
  foldCartSessions,
  countDiscountUsesOnCodes,
];

export async function runMigrations(logger: Logger): Promise<void> {
  for (const migrate of migrations) await migrate(logger);
}
