// Transactional email. A request only queues a message (an insert into the outbox), so sending never
// blocks or fails the request; the mail worker (jobs/) sends it, retrying with backoff while the mail
// server is down. With no MAIL_URL the outbox is the destination: the admin reads it in the Outbox tab.
import nodemailer from 'nodemailer';
import type { MailKind, OutboxMessage, OutboxPage } from '@shop/contracts';
import type { Config } from '../../config';
import type { Logger } from '../../platform/logger';
import type { MailAttachmentRef, OutboxRecord } from './model';
import {
  advanceDueCursor,
  claimAttempt,
  enqueueAttempt,
  findDueAttempts,
  findMailById,
  findMailsByIds,
  forgetOldClaims,
  insertMails,
  listMail,
  markAttemptDone,
  markMailFailed,
  markMailSent,
} from './repository';
import type { RenderedMail } from './templates';

export interface MailToQueue {
  /** What the message is about, e.g. `order_confirmation:{orderId}`: the same key is queued once. */
  key: string;
  kind: MailKind;
  to: string;
  replyTo?: string | null;
  rendered: RenderedMail;
  attachments?: MailAttachmentRef[];
}

/**
 * Queues the messages, side by side (insertMails): for each, false when one with the same key was
 * queued before. `writeAfter`: what must be done before the messages themselves are written (their
 * due entries and list places are taken meanwhile).
 */
export async function queueMails(
  mails: MailToQueue[],
  now = new Date(),
  writeAfter?: Promise<unknown>,
): Promise<boolean[]> {
  return insertMails(
    mails.map((mail) => ({
      key: mail.key,
      kind: mail.kind,
      to: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.rendered.subject,
      text: mail.rendered.text,
      html: mail.rendered.html,
      attachments: mail.attachments ?? [],
    })),
    now,
    writeAfter,
  );
}

/** Queues one message (queueMails); false when one with the same key was queued before. */
export async function queueMail(
  mail: MailToQueue,
  now = new Date(),
  writeAfter?: Promise<unknown>,
): Promise<boolean> {
  const [queued] = await queueMails([mail], now, writeAfter);
  return queued!;
}

// --- Account links: for their recipient's eyes only -----------------------------------------------

/**
 * Kinds whose link is a key to the account: a reset link signs its reader in as the customer, a
 * confirmation link joins guest orders to it. The database keeps only its token's hash (accounts'
 * tokens.ts), so the message must not be the working copy that an admin, or anyone holding a backup,
 * can use (api/README.md, "Mail").
 */
const ACCOUNT_LINK_KINDS: ReadonlySet<MailKind> = new Set(['password_reset', 'email_confirmation']);
/** The token of such a link (`/reset-password?token=...`), in the text and in the HTML's href. */
const LINK_TOKEN = /\btoken=[A-Za-z0-9_-]+/g;
/** What stands in for the token: the link still shows where it led, and no longer works. */
const HIDDEN_LINK_TOKEN = 'token=hidden';

/** The message's text and HTML with its account link's token hidden; null for other kinds. */
export function accountLinkHidden(
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
export function toOutboxMessage(
  record: OutboxRecord,
  { hideAccountLinks = true }: { hideAccountLinks?: boolean } = {},
): OutboxMessage {
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
    attachments: (record.attachments ?? []).map((attachment) => attachment.filename),
  };
}

/**
 * The admin's Outbox page. `mailServer`: whether MAIL_URL is set, so the page says a message was
 * kept in the outbox rather than sent when there is no server to send it.
 */
export async function outboxPage(
  query: { before?: string; limit: number },
  { mailServer = false, ...view }: { hideAccountLinks?: boolean; mailServer?: boolean } = {},
): Promise<OutboxPage> {
  const records = await listMail({ ...query, limit: query.limit + 1 });
  const page = records.slice(0, query.limit);
  return {
    mailServer,
    messages: page.map((record) => toOutboxMessage(record, view)),
    nextBefore: records.length > query.limit ? (page.at(-1)?._id.toString() ?? null) : null,
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

/** Reads an attachment's content by its reference when the message is sent (the proofs module). */
export type AttachmentLoader = (
  ref: string,
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
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
      });
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
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failedAttempts - 1), 60 * 60 * 1000);
}

const CLAIM_STALE_MS = 10 * 60 * 1000;
/** A due entry whose message never appeared is dropped after this long. */
const ORPHAN_AFTER_MS = 60 * 1000;
/** How far behind this machine's clock the due queue's cursor stays (replicas' clocks differ a little). */
const CURSOR_GRACE_SECONDS = 30;

/** An SMTP 5xx answer refuses the message for good (a bad address); anything else is retried. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

/** The files of a message; one that cannot be read fails the attempt (tried again later). */
async function loadAttachments(message: OutboxRecord, load: AttachmentLoader) {
  const files = [];
  for (const attachment of message.attachments ?? []) {
    const loaded = await load(attachment.ref);
    if (!loaded) throw new Error(`Attachment ${attachment.filename} could not be read`);
    files.push({ filename: attachment.filename, ...loaded });
  }
  return files;
}

/** Messages one worker sends at once, over the sender's pooled connections (smtpSender). */
export const SENDS_AT_ONCE = 4;

/**
 * One round of the mail worker: up to `batch` messages due now are sent (or, with no mail server,
 * delivered to the outbox), `SENDS_AT_ONCE` at a time. A failure keeps the message and schedules the
 * next try; nothing is lost. `taken`: the due entries the round read (as many as `batch` when more
 * may be waiting), `settled`: those whose attempt is over; a round that took a whole batch and
 * settled some is followed by the next at once (jobs/index.ts).
 */
export async function deliverDueMail({
  sender,
  from,
  logger,
  loadAttachment = async () => null,
  now = new Date(),
  batch = 20,
}: {
  sender: MailSender | null;
  from: string;
  logger: Logger;
  loadAttachment?: AttachmentLoader;
  now?: Date;
  batch?: number;
}): Promise<{ sent: number; failed: number; taken: number; settled: number }> {
  let sent = 0;
  let failed = 0;
  let settled = 0;
  const { due, readUpTo, cursor } = await findDueAttempts(now, batch);
  // The first second still holding an entry this round did not finish: the cursor stops there.
  let firstOpen = readUpTo + 1;
  const keepOpen = (entryId: string) => {
    firstOpen = Math.min(firstOpen, Number(entryId.split(':')[0]));
  };
  /** The entry's attempt is over (made now or before): marked done. */
  const settle = async (entry: (typeof due)[number]) => {
    await markAttemptDone(entry._id, now);
    settled += 1;
  };
  // The round's messages in one lookup. Each is read again only under a claim taken over from a
  // stopped worker: a claim inserted anew proves no other worker made this attempt since.
  const messages = await findMailsByIds(due.map((entry) => entry.mailId));
  const deliver = async (entry: (typeof due)[number], message: OutboxRecord | null) => {
    if (!message) {
      // Queued by a request that is still writing the message, or that died before: dropped after a
      // minute (its retry queues the message again under its unique key).
      if (entry.createdAt.getTime() < now.getTime() - ORPHAN_AFTER_MS) await settle(entry);
      else keepOpen(entry._id);
      return;
    }
    if (message.sentAt || message.failedAt || message.attempts !== entry.attempt) {
      await settle(entry); // an attempt already made
      return;
    }
    const claim = await claimAttempt(
      `${message._id.toString()}:${entry.attempt}`,
      now,
      CLAIM_STALE_MS,
    );
    if (!claim) {
      keepOpen(entry._id); // another worker is sending it (or died doing so: taken over later)
      return;
    }
    const claimed = claim === 'claimed' ? message : await findMailById(entry.mailId);
    if (!claimed || claimed.sentAt || claimed.attempts !== entry.attempt) {
      await settle(entry);
      return;
    }
    const attempts = claimed.attempts + 1;
    try {
      const attachments = sender ? await loadAttachments(claimed, loadAttachment) : [];
      await sender?.send({
        from,
        to: claimed.to,
        replyTo: claimed.replyTo,
        subject: claimed.subject,
        text: claimed.text,
        html: claimed.html,
        attachments,
      });
      // Sent for real: the recipient has the link now, and the outbox keeps none that works. (With
      // no mail server the outbox is the recipient: development reads its links there.)
      await markMailSent(
        claimed._id,
        attempts,
        new Date(),
        sender ? accountLinkHidden(claimed) : null,
      );
      sent += 1;
    } catch (error) {
      failed += 1;
      const permanent = isPermanent(error);
      const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts));
      // The next attempt is queued before the failure is recorded: a worker dying in between leaves
      // this attempt's claim, taken over when stale, so the message is tried again, never dropped.
      if (!permanent) await enqueueAttempt(claimed._id, attempts, nextAttemptAt, now);
      await markMailFailed(claimed._id, {
        attempts,
        error: describe(error),
        nextAttemptAt,
        failedAt: permanent ? now : null,
        // Refused for good: never sent, so nobody needs its link any more.
        ...(permanent ? accountLinkHidden(claimed) : null),
      });
      logger.warn(
        { mailId: claimed._id.toString(), kind: claimed.kind, attempts, permanent, err: error },
        permanent ? 'The mail server refused a message' : 'Sending a message failed; will retry',
      );
    }
    await settle(entry);
  };
  // A few at a time; an error (the database, say) stops the round after the sends under way, and
  // the cursor stays where it was, as when one entry at a time failed.
  let next = 0;
  let failure: unknown = null;
  await Promise.all(
    Array.from({ length: Math.min(SENDS_AT_ONCE, due.length) }, async () => {
      while (next < due.length && !failure) {
        const at = next++;
        await deliver(due[at]!, messages[at] ?? null).catch((error: unknown) => {
          failure ??= error;
        });
      }
    }),
  );
  if (failure) throw failure;
  if (firstOpen > cursor) await advanceDueCursor(firstOpen, CURSOR_GRACE_SECONDS);
  return { sent, failed, taken: due.length, settled };
}

/** Claims of attempts that are over (sent or failed) are not needed after a day. */
export async function sweepMailClaims(now = new Date()): Promise<number> {
  return forgetOldClaims(now);
}
