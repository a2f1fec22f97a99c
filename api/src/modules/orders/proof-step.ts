// Asking the customer to approve a proof revision (docs/product.md, "Proofs"): the proof email with
// each line's PDF attached, once per revision, and the "sent" event in the order's history. The
// reminder is due on the order itself (`proofReminderDueAt`, written with the revision).
import type { Config } from '../../config';
import { proofRequest, queueMail, type MailToQueue } from '../mail/mail';
import { insertProofEvent, proofSentEvent } from './events';
import type { OrderItemRecord, OrderRecord } from './model';
import { orderLinkUrl } from './order-access';

/** A shop's proof file shown on a line in place of its drawn text (proofs' revision lines). */
interface ProofLineFile {
  hashedName: string;
  originalName: string;
  contentType: string;
}

/**
 * What a line's proof is drawn from (proofs module, drawingOf): the order's line as ordered, its
 * place in the order, and the line as the revision shows it. Queued with the proof email's
 * attachment, so the mail worker draws it without reading the order; an order's lines never change.
 */
export interface ProofLineSource {
  orderId: string;
  orderNumber: number;
  /** The line's place in the order (0 for the first) and how many lines the order has. */
  index: number;
  lineCount: number;
  revision: number;
  item: OrderItemRecord;
  line: { lineId: string; customText: string; uploadedFile: ProofLineFile | null };
}

interface ProofSending {
  revision: number;
  /**
   * Each line as the revision shows it (its text, or the shop's proof file: none on revision 1), and
   * whether the revision changed it.
   */
  lines: Array<{
    lineId: string;
    customText: string;
    uploadedFile?: ProofLineFile | null;
    changed: boolean;
  }>;
  note: string | null;
  by: string | null;
  now: Date;
  config: Config;
  /** A reminder of an unanswered revision (same lines, worded as a reminder). */
  reminder?: boolean;
  /** The customer asked for changes to the revision before this one (a revision's email says so). */
  changesAsked?: boolean;
}

/** The outbox key of a revision's proof email (or its reminder): each is queued once. */
export function proofEmailKey(orderId: string, revision: number, reminder = false): string {
  return `${reminder ? 'proof_reminder' : 'proof_request'}:${orderId}:${revision}`;
}

/** A revision's proof email (or its reminder), keyed so it is queued once. */
export function proofEmail(
  order: OrderRecord,
  { revision, lines, note, now, config, reminder = false, changesAsked = false }: ProofSending,
): MailToQueue {
  const id = order._id.toString();
  const lineNumberOf = new Map(order.items.map((item, index) => [item.lineId, index + 1]));
  return {
    key: proofEmailKey(id, revision, reminder),
    kind: reminder ? 'proof_reminder' : 'proof_request',
    to: order.customerInfo.email,
    rendered: proofRequest(
      {
        orderNumber: order.orderNumber,
        customerInfo: order.customerInfo,
        revision,
        note,
        changesAsked,
        // With the order's guest link, so a guest (or a customer signed out) opens it from the email.
        orderUrl: orderLinkUrl(order, config, now),
        lines: lines.map((line) => {
          const item = order.items.find((candidate) => candidate.lineId === line.lineId)!;
          return {
            lineNumber: lineNumberOf.get(line.lineId) ?? 0,
            productConfig: { ...item.productConfig, customText: line.customText },
            quantity: item.quantity,
            changed: line.changed,
            proofFile: line.uploadedFile?.originalName ?? null,
          };
        }),
      },
      config.shop,
      reminder ? { reminder: true } : undefined,
    ),
    // Each line's drawn proof, and after it the file the shop uploaded for the line, if any: the
    // drawing only names a PDF file, and the customer approves what it holds.
    attachments: lines.flatMap((line) => {
      const index = order.items.findIndex((item) => item.lineId === line.lineId);
      const source: ProofLineSource = {
        orderId: id,
        orderNumber: order.orderNumber,
        index,
        lineCount: order.items.length,
        revision,
        item: order.items[index]!,
        line: {
          lineId: line.lineId,
          customText: line.customText,
          uploadedFile: line.uploadedFile ?? null,
        },
      };
      const drawn = {
        // The name the order page's download gives it too (proofs module, baseName).
        filename: `proof-${order.orderNumber}-${lineNumberOf.get(line.lineId) ?? 0}-rev${revision}.pdf`,
        // `proof:` the drawn PDF, `proof-file:` the shop's upload, as the mail worker finds them
        // (proofs module, proofAttachmentLoader).
        ref: `proof:${id}:${line.lineId}:${revision}`,
        source: { ...source },
      };
      if (!line.uploadedFile) return [drawn];
      const uploaded = {
        filename: line.uploadedFile.originalName,
        ref: `proof-file:${id}:${line.lineId}:${revision}`,
        source: { ...source },
      };
      return [drawn, uploaded];
    }),
  };
}

/**
 * Asks the customer to approve a revision: the sending in the order's history first (the customer
 * reads it as soon as the email arrives), then the email.
 */
export async function sendProof(order: OrderRecord, sending: ProofSending): Promise<void> {
  const { revision, note, by, now } = sending;
  await insertProofEvent(proofSentEvent(order._id.toString(), { revision, note, by, at: now }));
  await queueMail(proofEmail(order, sending), sending.now);
}
