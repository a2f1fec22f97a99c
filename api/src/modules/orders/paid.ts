// An order's payment recorded: it waits for the proof's approval (the first proof is emailed), or,
// when the shopper chose to skip the proof, goes straight to processing; the shopper's confirmation
// and the shop's notice are queued. Each of these is keyed, so doing it again adds nothing. The
// history's entries of the payment are the paid order's own (events.ts, paymentEvents).
import { proofReminderDueAt } from '@shop/contracts';
import { recordOrderedSeries } from './series';
import type { Config } from '../../config';
import { crashAt } from '../../platform/fault-points';
import {
  adminNewOrder,
  hasMail,
  orderConfirmation,
  queueMails,
  type MailToQueue,
  type OrderMailData,
} from '../mail/mail';
import { insertProofEvent, proofSentEvent } from './events';
import type { OrderProofState, OrderRecord, PaymentContact } from './model';
import { ORDER_LINK_LIFETIME_DAYS, orderLinkUrl } from './order-access';
import { proofEmail, proofEmailKey } from './proof-step';
import { recordPaid } from './repository';

/**
 * The card was charged: the order, still charging, becomes paid and enters its first state, then
 * what follows the payment is done (announcePayment). Null when the order was not charging (paid by
 * another call meanwhile).
 */
export async function recordPayment(
  order: OrderRecord,
  payment: { paymentId: string; paidAt: Date; paymentContact: PaymentContact },
  config: Config,
): Promise<OrderRecord | null> {
  const skipProof = order.skipProof === true;
  const proof: OrderProofState = {
    status: skipProof ? 'skipped' : 'awaiting_approval',
    revision: skipProof ? 0 : 1,
    sentAt: payment.paidAt,
    awaitingSince: payment.paidAt,
  };
  const paid = await recordPaid(order._id.toString(), {
    ...payment,
    status: skipProof ? 'processing' : 'awaiting_proof',
    proof,
    proofReminderDueAt: skipProof ? null : proofReminderDueAt(payment.paidAt, config.shop.timeZone),
  });
  if (!paid) return null;
  crashAt('after-paid');
  await announcePayment(paid, config);
  return paid;
}

/**
 * What follows an order's payment: the shopper's confirmation, the shop's notice and the first
 * proof's email (unless the proof was skipped), and the series' last numbers; none of them for an
 * order cancelled meanwhile. Each is keyed, so doing
 * it again adds nothing: a payment whose call stopped before they were all done has them done by the
 * shopper's retry or by the sweep (payments/payments.ts, settlePayment).
 */
export async function announcePayment(paid: OrderRecord, config: Config): Promise<void> {
  // Cancelled before its payment was settled: the cancel's email told the shopper of the refund, and
  // no number of it is engraved, so nothing is announced.
  if (paid.status === 'cancelled') return;
  const orderId = paid._id.toString();
  const paidAt = paid.paidAt ?? new Date();
  const skipProof = paid.skipProof === true;
  // The first proof, while it is still the one awaited (a late sweep finds an order moved on).
  const firstProof =
    paid.status === 'awaiting_proof' && paid.proof?.revision === 1
      ? {
          revision: 1,
          lines: paid.items.map((item) => ({
            lineId: item.lineId,
            customText: item.productConfig.customText,
            changed: true,
          })),
          note: null,
          by: null,
          now: paidAt,
          config,
        }
      : null;
  // The mails read the order's amounts, lines and notes (templates' OrderMailData).
  const data: OrderMailData = { ...paid, skipProof };
  // The confirmation first: one recipient's messages go in the order they were queued (mail.ts,
  // deliverDueMail), and it announces the proof that follows it.
  const mails: MailToQueue[] = [
    {
      key: `order_confirmation:${orderId}`,
      kind: 'order_confirmation',
      to: paid.customerInfo.email,
      rendered: orderConfirmation(
        data,
        config.shop,
        orderLinkUrl(paid, config),
        ORDER_LINK_LIFETIME_DAYS,
      ),
    },
    {
      key: `admin_new_order:${orderId}`,
      kind: 'admin_new_order',
      to: config.shop.ordersEmail,
      replyTo: paid.customerInfo.email,
      rendered: adminNewOrder(data, config.shop),
    },
    ...(firstProof ? [proofEmail(paid, firstProof)] : []),
  ];
  // A retry or sweep that finds the order moved on past revision 1 (an admin acted on it before its
  // payment was settled) sends no first proof: unless the paying call had queued it, the history
  // says so in place of the sending it shows (events.ts, paymentEvents).
  if (!skipProof && !firstProof && !(await hasMail(proofEmailKey(orderId, 1))))
    await insertProofEvent({
      ...proofSentEvent(orderId, { revision: 1, note: null, by: null, at: paidAt }),
      note: 'Proof (revision 1) not emailed: the order had moved on when its payment was settled',
    });
  // The series' last numbers, for Order again.
  await recordOrderedSeries(paid, paidAt);
  await queueMails(mails, new Date());
}
