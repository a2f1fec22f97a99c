// An unanswered proof is reminded once per revision, 2 business days after it was sent (Saturdays
// and Sundays skipped, days counted in the shop's time zone; docs/product.md, "Proofs").
import { PROOF_REMINDER_BUSINESS_DAYS, dayIn, nextDay, startOfDayIn } from '@shop/contracts';
import type { Config } from '../../config';
import { queueMail } from '../mail/mail';
import { proofRequest } from '../mail/templates';
import type { OrderRecord } from '../orders/model';
import { orderPageUrl, proofAttachmentRef } from '../orders/lifecycle';
import { insertProofEvent, listOrdersAwaitingProof } from '../orders/repository';
import { revisionLines } from './workflow';

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
        { shopUrl: config.shop.url, shopEmail: config.shop.email },
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

/** The sweep (jobs/): reminds every proof due; answers how many reminders it queued. */
export async function remindUnansweredProofs(config: Config, now = new Date()): Promise<number> {
  let reminded = 0;
  for (const order of await listOrdersAwaitingProof(1000)) {
    const proof = order.proof;
    if (!proof || proof.status !== 'awaiting_approval') continue;
    const due = addBusinessDays(
      new Date(proof.sentAt),
      PROOF_REMINDER_BUSINESS_DAYS,
      config.shop.timeZone,
    );
    if (now.getTime() < due.getTime()) continue;
    if (await remind(order, config, now)) reminded += 1;
  }
  return reminded;
}
