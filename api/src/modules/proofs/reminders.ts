// An unanswered proof is reminded once per revision, 2 business days after it was sent (Saturdays
// and Sundays skipped, days counted in the shop's time zone; docs/product.md, "Proofs"). Sending a
// revision sets when its reminder is due on the order (`proofReminderDueAt`, indexed); the job reads
// the orders due.
import { PROOF_REMINDER_BUSINESS_DAYS } from '@shop/contracts';
import type { Config } from '../../config';
import { queueMail } from '../mail/mail';
import {
  clearProofReminder,
  findDueProofReminders,
  insertProofEvent,
  proofEmail,
  type OrderRecord,
} from '../orders/orders';
import { findRevision } from './repository';
import { revisionLines } from './workflow';

/** Orders reminded in one round at most; the rest next round. */
const REMINDERS_PER_ROUND = 100;

async function remind(order: OrderRecord, config: Config, now: Date): Promise<boolean> {
  const id = order._id.toString();
  const revision = order.proof!.revision;
  const lines = await revisionLines(order, revision);
  // A revision's reminder repeats what the shop said changed, as its own email did.
  const note = revision > 1 ? ((await findRevision(id, revision))?.note ?? null) : null;
  // The outbox's unique key makes this once per revision, however many sweeps run at once.
  const queued = await queueMail(
    proofEmail(order, { revision, lines, note, by: null, now, config, reminder: true }),
    now,
  );
  if (queued) {
    await insertProofEvent({
      orderId: id,
      key: `${revision}:reminded`,
      at: now,
      by: null,
      note: `Reminder sent: revision ${revision} not answered in ${PROOF_REMINDER_BUSINESS_DAYS} business days`,
      proof: { action: 'reminded', revision },
    });
  }
  return queued;
}

/**
 * The reminder job (jobs/): each order whose reminder is due and whose proof still waits for an
 * answer to that revision is reminded, then its reminder is cleared (only the one it read: a new
 * revision sent meanwhile has its own). Two workers remind once: the outbox's unique key decides.
 * Answers how many reminders it queued.
 */
export async function remindUnansweredProofs(config: Config, now: Date): Promise<number> {
  let reminded = 0;
  for (const order of await findDueProofReminders(now, REMINDERS_PER_ROUND)) {
    // A move under way (a cancel waiting for its refund's answer) takes no answer: its reminder
    // waits, to go if the order stays waiting for approval, or be cleared once it has left.
    if (order.pendingMove) continue;
    const waiting =
      order.status === 'awaiting_proof' && order.proof?.status === 'awaiting_approval';
    if (waiting && (await remind(order, config, now))) reminded += 1;
    await clearProofReminder(order._id, order.proofReminderDueAt!);
  }
  return reminded;
}
