// An unanswered proof is reminded once per revision, 2 business days after it was sent (Saturdays
// and Sundays skipped, days counted in the shop's time zone; docs/product.md, "Proofs"). Sending a
// proof files its reminder in a due queue (proofs/reminder-queue.ts); the job handles what is due.
import { PROOF_REMINDER_BUSINESS_DAYS } from '@shop/contracts';
import type { Config } from '../../config';
import { queueMail } from '../mail/mail';
import { proofRequest } from '../mail/templates';
import type { OrderRecord } from '../orders/model';
import { orderPageUrl, proofAttachmentRef } from '../orders/lifecycle';
import { findOrderById, insertProofEvent } from '../orders/repository';
import { addBusinessDays, proofRemindersDue, reminderDueAt } from './reminder-queue';
import { revisionLines } from './workflow';

async function remind(order: OrderRecord, config: Config, now: Date): Promise<boolean> {
  const id = order._id.toString();
  const revision = order.proof!.revision;
  const lines = await revisionLines(order, revision);
  const lineNumberOf = new Map(order.items.map((item, index) => [item.lineId, index + 1]));
  // The outbox's unique key makes this once per revision, however many sweeps run at once.
  const queued = await queueMail(
    {
      key: `proof_reminder:${id}:${revision}`,
      kind: 'proof_reminder',
      to: order.customerInfo.email,
      rendered: proofRequest(
        {
          orderNumber: order.orderNumber,
          customerInfo: order.customerInfo,
          revision,
          note: null,
          orderUrl: orderPageUrl(config, order, now),
          lines: lines.map((line) => ({
            lineNumber: lineNumberOf.get(line.lineId) ?? 0,
            productConfig: {
              ...order.items.find((item) => item.lineId === line.lineId)!.productConfig,
              customText: line.customText,
            },
            changed: line.changed,
          })),
        },
        config.shop,
        { reminder: true },
      ),
      attachments: lines.map((line) => ({
        filename: `proof-${order.orderNumber}-${lineNumberOf.get(line.lineId) ?? 0}${revision > 1 ? `-rev${revision}` : ''}.pdf`,
        ref: proofAttachmentRef(id, line.lineId, revision),
      })),
    },
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

export { addBusinessDays };

/**
 * The reminder job (jobs/): a round of the `proof-reminders` queue. An entry's order still waiting
 * for an answer to that revision is reminded once it is due (its sent time may have moved: filed
 * again then); an order that moved on, or a newer revision (filed itself), is done. Two workers
 * remind once: the outbox's unique key decides. Answers how many reminders it queued.
 */
export async function remindUnansweredProofs(config: Config, now = new Date()): Promise<number> {
  let reminded = 0;
  await proofRemindersDue.runRound(now, async (ref) => {
    const [orderId, revisionText] = ref.split(':');
    const order = await findOrderById(orderId!);
    const proof = order?.proof;
    if (
      !order ||
      order.status !== 'awaiting_proof' ||
      !proof ||
      proof.status !== 'awaiting_approval' ||
      proof.revision !== Number(revisionText)
    ) {
      return 'done';
    }
    const due = reminderDueAt(new Date(proof.sentAt), config.shop.timeZone);
    if (now.getTime() < due.getTime()) return { later: due };
    if (await remind(order, config, now)) reminded += 1;
    return 'done';
  });
  return reminded;
}
