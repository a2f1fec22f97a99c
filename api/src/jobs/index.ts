// The API's background work, in one place: started on the jobs thread (jobs-worker.ts, which
// server.ts starts through jobs/thread.ts) once its database connection is up, stopped on shutdown;
// tests start and stop them too (test/support/test-app.ts).
import type { Config } from '../config';
import type { Logger } from '../platform/logger';
import {
  MailServerBackoff,
  deliverDueMail,
  mailSenderFor,
  releaseLapsedMailClaims,
  type MailSender,
} from '../modules/mail/mail';
import { sweepGuestSheets } from '../modules/asset-tags/asset-tags';
import { findGuestCartHoldings, removeAbandonedGuestCarts } from '../modules/cart/cart';
import { takeInChangedOrders } from '../modules/insights/insights';
import { expireUnpaidOrders } from '../modules/payments/expiry';
import { proofAttachmentLoader } from '../modules/proofs/proofs';
import { remindUnansweredProofs } from '../modules/proofs/reminders';
import { localFolderStore } from '../modules/uploads/storage';
import { sweepGuestUploads } from '../modules/uploads/uploads';
import { deleteExpired } from '../platform/expiry';
import { startJobs, type Job, type RunningJobs } from './scheduler';

const MINUTE_MS = 60 * 1000;
/**
 * Messages one round of the mail worker takes. Small, so a round is a short burst of work beside the
 * requests, and a worker that stops mid-round sends at most this many again once their claims lapse.
 */
const MAIL_BATCH = 10;

export interface JobOptions {
  /** Where mail goes; by default from MAIL_URL (none: the outbox only). */
  mailSender?: MailSender | null;
  /** How often the mail worker looks for due messages. */
  mailEveryMs?: number;
}

export function shopJobs(
  config: Config,
  logger: Logger,
  { mailSender, mailEveryMs = 5_000 }: JobOptions & { mailSender: MailSender | null },
): Job[] {
  const uploads = localFolderStore(config.uploadDir);
  const loadAttachment = proofAttachmentLoader(uploads);
  // While the mail server fails, the worker pauses and the messages keep their order.
  const mailBackoff = new MailServerBackoff();
  return [
    {
      name: 'mail',
      everyMs: mailEveryMs,
      // A round that took a whole batch and settled some may have left messages due: the next
      // starts at once (one that settled none, all of them sent by another worker, waits).
      run: async (now, stopping) => {
        const { taken, settled } = await deliverDueMail({
          sender: mailSender,
          from: config.mail.from,
          replyTo: config.shop.email,
          logger,
          loadAttachment,
          now,
          batch: MAIL_BATCH,
          releaseLapsed: false,
          backoff: mailBackoff,
          stopping,
        });
        return { more: taken >= MAIL_BATCH && settled > 0 };
      },
    },
    // The messages of a worker that stopped mid-send are due again once its lease lapses (minutes):
    // looked for once a minute, not in every round of the mail worker.
    { name: 'mail-leases', everyMs: MINUTE_MS, run: (now) => releaseLapsedMailClaims(now) },
    {
      name: 'proof-reminders',
      everyMs: 30 * MINUTE_MS,
      run: (now) => remindUnansweredProofs(config, now),
    },
    {
      name: 'unpaid-orders',
      everyMs: 10 * MINUTE_MS,
      run: (now) => expireUnpaidOrders(now, { followUp: { config, logger } }),
    },
    // The dashboard's figures take in the orders changed since the last reading (a dashboard call
    // does it too): keeps what a call has to read short.
    {
      name: 'insights',
      everyMs: MINUTE_MS,
      run: (now) => takeInChangedOrders(config.shop.timeZone, now),
    },
    // Guests' carts unchanged for GUEST_CART_KEPT_DAYS (cart/model.ts), 100 a round.
    {
      name: 'abandoned-carts',
      everyMs: 60 * MINUTE_MS,
      run: (now) => removeAbandonedGuestCarts(now, 100),
    },
    // Guests' files and spreadsheets no order holds, once no cart holds them either (uploads/model.ts,
    // asset-tags/model.ts: sweepAfter), 100 of each a round.
    {
      name: 'guest-files',
      everyMs: 60 * MINUTE_MS,
      run: async (now) =>
        (await sweepGuestUploads(uploads, findGuestCartHoldings, now, 100)) +
        (await sweepGuestSheets(findGuestCartHoldings, now, 100)),
    },
    // Documents past their expiresAt (platform/expiry.ts): MongoDB's TTL monitor's work, on any engine.
    { name: 'expired', everyMs: MINUTE_MS, run: (now) => deleteExpired(now) },
  ];
}

export function startShopJobs(config: Config, logger: Logger, options?: JobOptions): RunningJobs {
  const mailSender = options?.mailSender !== undefined ? options.mailSender : mailSenderFor(config);
  const running = startJobs(shopJobs(config, logger, { ...options, mailSender }), logger);
  return {
    runAll: running.runAll,
    async stop() {
      await running.stop();
      mailSender?.close();
    },
  };
}
