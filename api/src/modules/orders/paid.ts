// An order's payment recorded: it waits for the proof's approval (the first proof is emailed), or,
// when the shopper chose to skip the proof, goes straight to processing; the shopper's confirmation
// and the shop's notice are queued. Each of these is keyed, so doing it again adds nothing.
import { formatDollars, proofReminderDueAt, toDollars } from '@shop/contracts';
import { recordOrderedSeries } from './series';
import type { Config } from '../../config';
import { crashAt } from '../../platform/fault-points';
import {
  adminNewOrder,
  orderConfirmation,
  queueMails,
  type MailToQueue,
  type OrderMailData,
} from '../mail/mail';
import { insertEventsOnce, moveEvent, proofEvent } from './events';
import type { OrderProofState, OrderRecord, PaymentContact } from './model';
import { ORDER_LINK_LIFETIME_DAYS, orderLinkUrl } from './order-access';
import { proofEmail, proofSentEvent } from './proof-step';
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
 * What follows an order's payment: the move in its history, the first proof's email (unless the
 * proof was skipped), the shopper's confirmation and the shop's notice. Each is keyed, so doing it
 * again adds nothing: a payment whose call stopped before they were all done has them done by the
 * shopper's retry or by the sweep (payments/payments.ts, settlePayment).
 */
export async function announcePayment(paid: OrderRecord, config: Config): Promise<void> {
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
  const paidNote = `Paid ${formatDollars(toDollars(paid.totalCents))}`;
  // The mails read the order's amounts, lines and notes (templates' OrderMailData).
  const data: OrderMailData = { ...paid, skipProof };
  const mails: MailToQueue[] = [
    ...(firstProof ? [proofEmail(paid, firstProof)] : []),
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
  ];
  // The history first (the move and the proof's sending in one insert), then the messages: a
  // shopper who opens the email finds the order's page saying what it says. The series' last
  // numbers beside it, for Order again.
  await Promise.all([
    insertEventsOnce([
      moveEvent({
        orderId,
        at: paidAt,
        by: 'customer',
        from: 'pending_payment',
        to: skipProof ? 'processing' : 'awaiting_proof',
        note: skipProof ? `${paidNote}; proof skipped at checkout ("engrave as shown")` : paidNote,
      }),
      ...(firstProof ? [proofEvent(proofSentEvent(paid, firstProof))] : []),
    ]),
    recordOrderedSeries(paid, paidAt),
  ]);
  await queueMails(mails, new Date());
}
