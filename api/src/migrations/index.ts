// What the API does to a database at start before it serves: each migration moves data written by an
// earlier version into today's shape, then every model's indexes are made to match its schema (after
// the migrations, so a new unique index meets data that already fits it). Every migration is safe to
// run again (it finds nothing left to do) and beside another API process starting at the same time,
// so a rolling deploy needs no step of its own. Add a module's migration here, oldest first.
import mongoose from 'mongoose';
import type { Logger } from '../platform/logger';
import { keyCustomerSearch, migrateAccounts } from './accounts';
import { foldAuditLogs } from './audit';
import { foldCartSessions } from './cart-sessions';
import { endGuestCarts } from './carts';
import { countDiscountUsesOnCodes } from './discounts';
import { fileChargesByHourPaid, mergeInsightFigures } from './insights';
import { migrateMail } from './mail';
import {
  dateOrderRefunds,
  giveOrderRefundsTheirReasons,
  keyOrderEmailDomains,
  keyOrderNameWords,
  moveOrdersOffKeyedLists,
} from './orders';
import { giveKeptProofsAnEnd } from './proofs';
import { dropSkewReportKeys } from './releases';
import { moveSandboxRefundsIntoPayments } from './sandbox';
import { dropSharedStandIns } from './stand-ins';

const migrations: Array<(logger: Logger) => Promise<void>> = [
  foldCartSessions,
  countDiscountUsesOnCodes,
  moveOrdersOffKeyedLists,
  keyOrderEmailDomains,
  keyOrderNameWords,
  dateOrderRefunds,
  // After dateOrderRefunds: the refunds it dates are the ones this finds.
  giveOrderRefundsTheirReasons,
  migrateMail,
  // After migrateMail, which reads the sandbox's refunds this one moves.
  moveSandboxRefundsIntoPayments,
  dropSkewReportKeys,
  migrateAccounts,
  keyCustomerSearch,
  giveKeptProofsAnEnd,
  endGuestCarts,
  foldAuditLogs,
  mergeInsightFigures,
  // After mergeInsightFigures, whose copies may be kept the old way.
  fileChargesByHourPaid,
  // Last: the modules' migrations above read what these held for them.
  dropSharedStandIns,
];

export async function runMigrations(logger: Logger): Promise<void> {
  for (const migrate of migrations) await migrate(logger);
}

/** The migrations, then each model's indexes as its schema declares them (others are dropped). */
export async function prepareDatabase(logger: Logger): Promise<void> {
  await runMigrations(logger);
  await mongoose.syncIndexes();
}
