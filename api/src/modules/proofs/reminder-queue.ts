// When an unanswered proof is reminded: 2 business days after it was sent (Saturdays and Sundays
// skipped, days counted in the shop's time zone; docs/product.md, "Proofs"), filed in the
// `proof-reminders` due queue (platform/due-queue.ts) when the proof is sent, so the reminder job
// reads what is due instead of every order waiting for a proof (api/README.md, "Cost that does not
// grow"). Apart from proofs/reminders.ts so that sending a proof (orders/lifecycle.ts) can file it.
import { PROOF_REMINDER_BUSINESS_DAYS, dayIn, nextDay, startOfDayIn } from '@shop/contracts';
import { dueQueue } from '../../platform/due-queue';

/** Entries `{orderId}:{revision}`: each revision sent is reminded once. */
export const proofRemindersDue = dueQueue('proof-reminders');

function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * The instant `days` business days after `start` in the zone: the same time of day that many weekdays
 * later; a start on a weekend counts from the following Monday's beginning.
 */
export function addBusinessDays(start: Date, days: number, timeZone: string): Date {
  let day = dayIn(timeZone, start);
  let timeOfDayMs = start.getTime() - startOfDayIn(timeZone, day).getTime();
  if (isWeekend(day)) {
    while (isWeekend(day)) day = nextDay(day);
    timeOfDayMs = 0;
  }
  for (let added = 0; added < days;) {
    day = nextDay(day);
    if (!isWeekend(day)) added += 1;
  }
  return new Date(startOfDayIn(timeZone, day).getTime() + timeOfDayMs);
}

/** When a revision sent at sentAt is reminded. */
export function reminderDueAt(sentAt: Date, timeZone: string): Date {
  return addBusinessDays(sentAt, PROOF_REMINDER_BUSINESS_DAYS, timeZone);
}

/** Files the revision's reminder (before its proof email is queued). */
export async function fileProofReminder(
  orderId: string,
  revision: number,
  sentAt: Date,
  timeZone: string,
): Promise<void> {
  await proofRemindersDue.add(`${orderId}:${revision}`, reminderDueAt(sentAt, timeZone));
}
