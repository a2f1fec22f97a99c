// Transactional email. A request only queues a message (an insert into the outbox), so sending never
// blocks or fails the request; the mail worker (jobs/) sends it, pausing while the mail server is
// down (the messages keep their order). With no MAIL_URL the outbox is the destination: the admin
// reads it in the Outbox tab.
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { MailKind, OutboxMessage, OutboxPage } from '@shop/contracts';
import type { Config } from '../../config';
import type { Logger } from '../../platform/logger';
import type { MailAttachmentRef, OutboxRecord } from './model';
import {
  claimMails,
  findDueMail,
  insertMails,
  listMail,
  recordMailOutcomes,
  releaseLapsedClaims,
  type MailOutcome,
} from './repository';
import type { RenderedMail } from './templates';

export { hasMail, releaseLapsedClaims as releaseLapsedMailClaims } from './repository';

// The messages other modules send, rendered here (templates.ts).
export {
  accountDeleted,
  adminNewOrder,
  emailChanged,
  emailConfirmation,
  enquiryForward,
  enquiryReceived,
  orderCancelled,
  orderConfirmation,
  orderLink,
  orderShipped,
  passwordReset,
  proofApproved,
  proofOverridden,
  proofRequest,
  type OrderMailData,
} from './templates';

export interface MailToQueue {
  /** What the message is about, e.g. `order_confirmation:{orderId}`: the same key is queued once. */
  key: string;
  kind: MailKind;
  to: string;
  replyTo?: string | null;
  rendered: RenderedMail;
  attachments?: MailAttachmentRef[];
  /** When the link it carries stops working: a message still unsent then is given up. */
  linkExpiresAt?: Date;
}

/** Queues the messages (insertMails): for each, false when one with the same key was queued before. */
export async function queueMails(mails: MailToQueue[], now = new Date()): Promise<boolean[]> {
  return insertMails(
    mails.map(({ rendered, ...mail }) => ({ ...mail, ...rendered })),
    now,
  );
}

/** Queues one message (queueMails); false when one with the same key was queued before. */
export async function queueMail(mail: MailToQueue, now = new Date()): Promise<boolean> {
  const [queued] = await queueMails([mail], now);
  return queued!;
}

// --- Account links: for their recipient's eyes only -----------------------------------------------

/**
 * Kinds whose link is a key to the account: a reset link signs its reader in as the customer, a
 * confirmation link joins guest orders to it. The database keeps only its token's hash (accounts'
 * tokens.ts), so the message must not be the working copy that an admin, or anyone holding a backup,
 * can use (api/README.md, "Accounts and mail").
 */
const ACCOUNT_LINK_KINDS: ReadonlySet<MailKind> = new Set(['password_reset', 'email_confirmation']);
/** The token of such a link (`/reset-password?token=...`), in the text and in the HTML's href. */
const LINK_TOKEN = /\btoken=[A-Za-z0-9_-]+/g;
/** What stands in for the token: the link still shows where it led, and no longer works. */
const HIDDEN_LINK_TOKEN = 'token=hidden';

/** The message's text and HTML with its account link's token hidden; null for other kinds. */
function accountLinkHidden(
  message: Pick<OutboxRecord, 'kind' | 'text' | 'html'>,
): { text: string; html: string } | null {
  if (!ACCOUNT_LINK_KINDS.has(message.kind)) return null;
  return {
    text: message.text.replace(LINK_TOKEN, HIDDEN_LINK_TOKEN),
    html: message.html.replace(LINK_TOKEN, HIDDEN_LINK_TOKEN),
  };
}

/**
 * The message as the admin's Outbox shows it. `hideAccountLinks`: whenever mail really leaves the
 * shop (MAIL_URL), queued or sent; with no mail server the outbox is where development reads its
 * mail, links included (nothing there reached a real customer).
 */
function toOutboxMessage(record: OutboxRecord, hideAccountLinks: boolean): OutboxMessage {
  const { text, html } = (hideAccountLinks && accountLinkHidden(record)) || record;
  return {
    id: record._id.toString(),
    to: record.to,
    replyTo: record.replyTo,
    subject: record.subject,
    kind: record.kind,
    text,
    html,
    createdAt: record.createdAt.toISOString(),
    sentAt: record.sentAt?.toISOString() ?? null,
    error: record.error,
    failedAt: record.failedAt?.toISOString() ?? null,
    attachments: (record.attachments ?? []).map((attachment) => attachment.filename),
  };
}

/**
 * The admin's Outbox page. `mailServer`: whether MAIL_URL is set, so the page says a message was
 * kept in the outbox rather than sent when there is no server to send it, and account links are
 * hidden (toOutboxMessage).
 */
export async function outboxPage(
  query: { before?: string; limit: number },
  mailServer: boolean,
): Promise<OutboxPage> {
  const { items, next } = await listMail(query);
  return {
    mailServer,
    messages: items.map((record) => toOutboxMessage(record, mailServer)),
    nextBefore: next,
  };
}

// --- Sending --------------------------------------------------------------------------------------

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/**
 * Makes or reads an attachment's content when the message is sent (the proofs module), from its
 * reference and the source queued with it, told which message it is for (its kind, and whether this
 * is its first attempt).
 */
export type AttachmentLoader = (
  attachment: MailAttachmentRef,
  message: { kind: MailKind; firstAttempt: boolean },
) => Promise<{ content: Buffer; contentType: string } | null>;

/** Where messages go: an SMTP server, or (null) nowhere but the outbox. */
export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const SMTP_TIMEOUT_MS = 15_000;

/** nodemailer over SMTP from MAIL_URL (smtp:// with STARTTLS when offered, smtps:// for TLS). */
export function smtpSender(mailUrl: string): MailSender {
  const url = new URL(mailUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    // Connections kept open and shared by the sends under way (SENDS_AT_ONCE), each used for up to
    // 100 messages: one handshake (and TLS) for many messages, not one each.
    pool: true,
    maxConnections: SENDS_AT_ONCE,
    maxMessages: 100,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      await transport.sendMail({ ...mail, replyTo: mail.replyTo ?? undefined });
    },
    close() {
      transport.close();
    },
  };
}

export function mailSenderFor(config: Config): MailSender | null {
  return config.mail.url ? smtpSender(config.mail.url) : null;
}

/** Waits after the n-th failed attempt: 30 s, 1 min, 2 min, ... at most an hour. */
function retryDelayMs(failedAttempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failedAttempts - 1), 60 * 60 * 1000);
}

/**
 * How long a worker holds a message it claimed: far longer than a send takes (SMTP timeouts of 15 s),
 * so only a worker that stopped mid-send loses it, and the message is tried again, never dropped.
 */
export const CLAIM_LEASE_MS = 10 * 60 * 1000;

/**
 * A 5xx answer to this message's recipient or content refuses it for good (a bad address, a message
 * the server will not take). Anything else is retried: a 5xx to the login or the sender (an expired
 * password, the shop's own address refused) refuses every message alike until the shop mends it.
 */
function isPermanent(error: unknown): boolean {
  const { responseCode } = (error ?? {}) as { responseCode?: unknown };
  const refused = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  return refused && isAboutMessage(error);
}

/** A failure of this message (its recipient, its content, its files), not of the mail server. */
function isAboutMessage(error: unknown): boolean {
  if (error instanceof AttachmentMissing) return true;
  const { command } = (error ?? {}) as { command?: unknown };
  return command === 'RCPT TO' || command === 'DATA';
}

class AttachmentMissing extends Error {}

/**
 * The mail worker's pause while the mail server cannot be reached or refuses the shop (its login or
 * sender): 30 s, 1 min, 2 min, ... at most an hour, over from the first round that reaches it. The
 * messages keep their places meanwhile, so they go oldest first once it is back (a customer's
 * cancellation after the confirmation it follows). One per worker (jobs/index.ts).
 */
export class MailServerBackoff {
  private failures = 0;
  private until = 0;
  waiting(now: Date): boolean {
    return now.getTime() < this.until;
  }
  record(reached: boolean, now: Date): void {
    this.failures = reached ? 0 : this.failures + 1;
    this.until = reached ? 0 : now.getTime() + retryDelayMs(this.failures);
  }
}

/** The files of a message; one that cannot be read fails the attempt (tried again later). */
async function loadAttachments(message: OutboxRecord, load: AttachmentLoader) {
  const files = [];
  for (const attachment of message.attachments ?? []) {
    const loaded = await load(attachment, {
      kind: message.kind,
      firstAttempt: message.attempts === 0,
    });
    if (!loaded) throw new AttachmentMissing(`Attachment ${attachment.filename} could not be read`);
    files.push({ filename: attachment.filename, ...loaded });
  }
  return files;
}

/** What the outbox says of a message whose link expired before the mail server took it. */
export const LINK_EXPIRED_UNSENT = 'Not sent: its link expired before the mail server took it';

/** Messages one worker sends at once, over the sender's pooled connections (smtpSender). */
export const SENDS_AT_ONCE = 4;

/**
 * One round of the mail worker: up to `batch` messages due now are claimed together (a conditional
 * update, so workers on several processes send each message once), sent (or, with no mail server,
 * delivered to the outbox) `SENDS_AT_ONCE` recipients at a time, each recipient's messages one
 * after another in the order they were queued, and their outcomes written in one bulk write, so the
 * round's commands do not grow with its messages. A failure of a message (its recipient or content)
 * makes it due again after its own backoff; a failure of the mail server ends the round with every
 * message in its place, and `backoff` pauses the worker (MailServerBackoff). Nothing is lost (a
 * worker that stops mid-round loses its claims when they lapse, and its messages are sent again).
 * `taken`: the due messages the round found (as many as `batch` when more may be waiting),
 * `settled`: those whose attempt it made; a round that took a whole batch and settled some is
 * followed by the next at once (jobs/index.ts).
 */
export async function deliverDueMail({
  sender,
  from,
  replyTo = null,
  logger,
  loadAttachment = async () => null,
  now = new Date(),
  batch = 20,
  releaseLapsed = true,
  backoff,
  stopping,
}: {
  sender: MailSender | null;
  from: string;
  /**
   * Where a reply goes to a message that names no Reply-To of its own (every message to a customer):
   * the shop's address (SHOP_EMAIL), as each message's footer says ("Reply to this email"), whatever
   * address it is sent from (MAIL_FROM, which may be one nobody reads).
   */
  replyTo?: string | null;
  logger: Logger;
  loadAttachment?: AttachmentLoader;
  now?: Date;
  batch?: number;
  /**
   * Whether the round first makes the messages of lapsed claims due again (releaseLapsedClaims):
   * the mail job leaves it to a job of its own, once a minute.
   */
  releaseLapsed?: boolean;
  /** The worker's pause while the mail server fails: no round runs during it. */
  backoff?: MailServerBackoff;
  /**
   * Aborted when the worker is stopping (a shutdown): the sends under way finish, the messages not
   * yet begun keep their place, and the round records its outcomes before it ends, so a process
   * stopped mid-round neither loses what it sent (sent again when the claim lapses) nor holds the
   * rest for the claim's 10 minutes.
   */
  stopping?: AbortSignal;
}): Promise<{ sent: number; failed: number; taken: number; settled: number }> {
  let sent = 0;
  let failed = 0;
  let serverFailed = false;
  if (backoff?.waiting(now)) return { sent, failed, taken: 0, settled: 0 };
  if (releaseLapsed) await releaseLapsedClaims(now);
  const due = await findDueMail(now, batch);
  const claim = {
    until: new Date(now.getTime() + CLAIM_LEASE_MS),
    by: randomBytes(8).toString('hex'),
  };
  const claimed = await claimMails(
    due.map((mail) => mail._id),
    now,
    claim,
    due,
  );
  const outcomes: MailOutcome[] = [];
  const deliver = async (message: OutboxRecord) => {
    const id = message._id;
    // The server failed another of this round's messages, or the worker is stopping: this one keeps
    // its place, untried.
    if (serverFailed || stopping?.aborted) {
      outcomes.push({ id, putBack: true });
      return;
    }
    // Sent or refused for good by a worker of the version before message statuses, which recorded
    // only the time (migrations/mail.ts): recorded as such, not tried again.
    if (message.sentAt) {
      outcomes.push({ id, sent: { attempts: message.attempts, sentAt: message.sentAt } });
      return;
    }
    if (message.failedAt) {
      outcomes.push({
        id,
        failed: {
          attempts: message.attempts,
          error: message.error ?? '',
          nextAttemptAt: message.nextAttemptAt,
          failedAt: message.failedAt,
        },
      });
      return;
    }
    // Queued before an outage, its link (a reset's hour) ran out: a dead link is not sent.
    if (message.linkExpiresAt && now >= message.linkExpiresAt) {
      outcomes.push({
        id,
        failed: {
          attempts: message.attempts,
          error: LINK_EXPIRED_UNSENT,
          nextAttemptAt: message.nextAttemptAt,
          failedAt: now,
          ...accountLinkHidden(message),
        },
      });
      failed += 1;
      return;
    }
    const attempts = message.attempts + 1;
    try {
      const attachments = sender ? await loadAttachments(message, loadAttachment) : [];
      await sender?.send({
        from,
        to: message.to,
        replyTo: message.replyTo ?? replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments,
      });
      // Sent for real: the recipient has the link now, and the outbox keeps none that works. (With
      // no mail server the outbox is the recipient: development reads its links there.)
      outcomes.push({
        id,
        sent: { attempts, sentAt: new Date(), ...(sender ? accountLinkHidden(message) : null) },
      });
      sent += 1;
    } catch (error) {
      failed += 1;
      const permanent = isPermanent(error);
      const ofServer = !isAboutMessage(error);
      serverFailed ||= ofServer;
      outcomes.push({
        id,
        failed: {
          attempts,
          error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          // The server's failure keeps the message in its place (the worker pauses instead).
          nextAttemptAt: ofServer
            ? message.nextAttemptAt
            : new Date(now.getTime() + retryDelayMs(attempts)),
          failedAt: permanent ? now : null,
          // Refused for good: never sent, so nobody needs its link any more.
          ...(permanent ? accountLinkHidden(message) : null),
        },
      });
      logger.warn(
        { mailId: id.toString(), kind: message.kind, attempts, permanent, err: error },
        permanent ? 'The mail server refused a message' : 'Sending a message failed; will retry',
      );
    }
  };
  // A few recipients at a time, each one's messages in the order they were queued (due first); the
  // outcomes are written once the sends under way are done.
  const byRecipient = new Map<string, OutboxRecord[]>();
  for (const message of claimed) {
    byRecipient.set(message.to, [...(byRecipient.get(message.to) ?? []), message]);
  }
  const recipients = [...byRecipient.values()];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SENDS_AT_ONCE, recipients.length) }, async () => {
      while (next < recipients.length) {
        for (const message of recipients[next++]!) await deliver(message);
      }
    }),
  );
  await recordMailOutcomes(claim, outcomes);
  if (claimed.length > 0) backoff?.record(!serverFailed, now);
  return { sent, failed, taken: due.length, settled: claimed.length };
}
