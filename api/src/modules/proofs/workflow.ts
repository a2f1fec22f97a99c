// The proof step of a paid order (docs/product.md, "Proofs"): the customer approves every line in one
// click or asks for changes per line; the shop makes revision 2, 3, ... (a new text or an uploaded
// proof file) and the customer is asked again. Each decision is an event under a unique key (one per
// revision), so two racing clicks record one answer.
import {
  NUMBER_FIELD,
  ORDER_STATUS_LABELS,
  PROOF_APPROVAL_LIMIT_DAYS,
  PROOF_STATUS_LABELS,
  isVariableLine,
  proofReminderDueAt,
  variableDataTerms,
  type OrderProof,
  type ProofHistoryEntry,
  type ProofRevision,
} from '@shop/contracts';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import { notEngravedMessage } from '../../platform/pdf-fonts';
import {
  findOrderById,
  deleteProofEvent,
  findProofEvent,
  insertProofEvent,
  listOrderEvents,
  proofEventKey,
  sendProof,
  setProofState,
  recordRevisedSeries,
  startProductionOnApproval,
  type OrderEventRecord,
  type OrderRecord,
} from '../orders/orders';
import type { ProofRevisionLine } from './model';
import { deleteRevision, findRevision, insertRevision } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Revision 1 of the proof: the order's lines as placed. */
function linesAsOrdered(order: OrderRecord): ProofRevisionLine[] {
  return order.items.map((item) => ({
    lineId: item.lineId,
    customText: item.productConfig.customText,
    uploadedFile: null,
    changed: true,
  }));
}

/** The lines as a revision shows them: revision 1 is the order as placed. */
export async function revisionLines(
  order: OrderRecord,
  revision: number,
): Promise<ProofRevisionLine[]> {
  const stored = revision > 1 ? await findRevision(order._id.toString(), revision) : null;
  return stored?.lines ?? linesAsOrdered(order);
}

/**
 * Who reads the proof: the admin sees which admin did what; the customer sees the shop, as on the
 * order's page, where the admins' names stay out (orders' orderDetail).
 */
type ProofViewer = 'admin' | 'customer';

/** A series' range or a spreadsheet's rows, as the cart and the order page name them. */
function variesOf(item: OrderRecord['items'][number] | undefined, customText: string) {
  if (!item || !isVariableLine(item.productConfig)) return null;
  const [first] = variableDataTerms({ ...item.productConfig, customText }, item.quantity);
  return first ? first[1] : null;
}

/** The order's proof: every revision with its answer, and the history of the step. */
export async function proofView(
  order: OrderRecord,
  viewer: ProofViewer,
  now = new Date(),
): Promise<OrderProof> {
  const id = order._id.toString();
  const current = order.proof?.revision ?? 0;
  const lineNumberOf = new Map(order.items.map((item, index) => [item.lineId, index + 1]));
  const itemOf = new Map(order.items.map((item) => [item.lineId, item]));
  const revisions: ProofRevision[] = [];
  const history: ProofHistoryEntry[] = [];
  const forCustomer = viewer === 'customer';
  const entry = (
    event: { at: Date; by: string | null; note: string | null } | null,
    customerText?: string,
  ) => {
    if (!event) return;
    history.push({
      at: event.at.toISOString(),
      // The customer reads their own answers ('customer'), else the shop, which events already
      // write as null (OrderEventRecord.by): an admin's email never goes out.
      by: forCustomer && event.by !== 'customer' ? null : event.by,
      text: (forCustomer ? customerText : undefined) ?? event.note ?? '',
    });
  };
  const proofEvents = new Map<string, OrderEventRecord>();
  for (const event of await listOrderEvents(order)) {
    const key = event.kind === 'proof' ? proofEventKey(event) : null;
    if (key) proofEvents.set(key, event);
  }
  const proofEvent = (key: string) => proofEvents.get(key) ?? null;
  for (let revision = 1; revision <= current; revision += 1) {
    const stored = revision > 1 ? await findRevision(id, revision) : null;
    const lines = stored?.lines ?? linesAsOrdered(order);
    const sent = proofEvent(`${revision}:sent`);
    const decision = proofEvent(`${revision}:decision`);
    const reminded = proofEvent(`${revision}:reminded`);
    entry(sent);
    entry(reminded);
    entry(decision);
    const details = decision?.proof;
    revisions.push({
      revision,
      createdAt: (stored?.createdAt ?? sent?.at ?? order.paidAt ?? order.createdAt).toISOString(),
      note: stored?.note ?? null,
      lines: lines.map((line) => ({
        lineId: line.lineId,
        lineNumber: lineNumberOf.get(line.lineId) ?? 0,
        customText: line.customText,
        labels: itemOf.get(line.lineId)?.quantity ?? 0,
        varies: variesOf(itemOf.get(line.lineId), line.customText),
        uploadedFile: line.uploadedFile
          ? {
              originalName: line.uploadedFile.originalName,
              contentType: line.uploadedFile.contentType,
            }
          : null,
        changed: line.changed,
      })),
      changesRequested:
        decision && details?.action === 'changes_requested'
          ? { at: decision.at.toISOString(), comments: details.comments }
          : null,
      approval:
        decision && details?.action === 'approved'
          ? { at: decision.at.toISOString(), name: details.name }
          : null,
    });
  }
  const overrideEvent = proofEvent('override');
  const overrideDetails = overrideEvent?.proof;
  // The override's reason is the admin's record (docs/product.md, "Proofs": "kept in the history",
  // which is the admin's order history) and nothing there says the customer reads it; like the moves'
  // notes the customer's order page leaves out, it stays with the shop. The customer sees that the
  // order moved on without approval, and when.
  entry(
    overrideEvent,
    overrideDetails?.action === 'overridden'
      ? `${PROOF_STATUS_LABELS.overridden} (revision ${overrideDetails.revision})`
      : PROOF_STATUS_LABELS.overridden,
  );
  history.sort((a, b) => a.at.localeCompare(b.at));
  return {
    orderId: id,
    orderNumber: order.orderNumber,
    // No proof yet: skipped at checkout, or an unpaid order's (its first is sent at payment).
    status: order.proof?.status ?? (order.skipProof ? 'skipped' : null),
    revision: current,
    revisions,
    override:
      overrideEvent && overrideDetails?.action === 'overridden'
        ? {
            at: overrideEvent.at.toISOString(),
            // The contract's `by` is a string: the customer reads 'shop' (and '' for the reason).
            by: forCustomer ? 'shop' : (overrideEvent.by ?? ''),
            reason: forCustomer ? '' : overrideDetails.reason,
          }
        : null,
    approvalOverdue:
      order.status === 'awaiting_proof' &&
      order.proof !== null &&
      now.getTime() - new Date(order.proof.awaitingSince).getTime() >=
        PROOF_APPROVAL_LIMIT_DAYS * DAY_MS,
    history,
  };
}

/** The order, if it waits for an answer to this revision; otherwise a clear 409. */
function assertAwaitingAnswer(order: OrderRecord, revision: number) {
  const proof = order.proof;
  // A move under way (an admin's cancel) leaves the order: it takes no answer meanwhile.
  if (
    order.status !== 'awaiting_proof' ||
    order.pendingMove ||
    !proof ||
    proof.status !== 'awaiting_approval'
  ) {
    throw AppError.conflict('This proof is not waiting for your answer');
  }
  if (revision !== proof.revision) {
    throw AppError.conflict(
      `A newer proof (revision ${proof.revision}) was sent: please look at it before answering`,
    );
  }
  return proof;
}

/**
 * The customer approves every line of the revision they saw, in one click, with their name. `order` is
 * one the caller may answer for: its owner or the holder of its guest link (orders' authorizeOrderReader).
 * The approval is the go-ahead: the order moves to processing at once (startProductionOnApproval).
 * An approval whose call stopped after its decision was recorded, before the order moved on or
 * before its email was queued, is finished by the customer's next click.
 */
export async function approveProof(
  order: OrderRecord,
  { revision, name }: { revision: number; name: string },
  { config }: { config: Config },
): Promise<OrderProof> {
  const now = new Date();
  const orderId = order._id.toString();
  const approvedAlready = order.proof?.status === 'approved' && order.proof.revision === revision;
  if (approvedAlready && order.status === 'processing') {
    // Moved on by this approval: its email, in case its call stopped before it (keyed: once). The
    // click is answered as any answer the proof no longer waits for (409).
    const decision = (await findProofEvent(orderId, `${revision}:decision`))?.proof;
    if (decision?.action === 'approved') {
      await startProductionOnApproval(orderId, { revision, name: decision.name, config, now });
    }
    assertAwaitingAnswer(order, revision);
  }
  const halfMade = approvedAlready && order.status === 'awaiting_proof';
  // The approval recorded by another call (a second tab or a colleague approving at the same moment).
  let recordedByAnother = false;
  if (!halfMade) {
    const proof = assertAwaitingAnswer(order, revision);
    const won = await insertProofEvent({
      orderId,
      key: `${revision}:decision`,
      at: now,
      by: 'customer',
      note: `Proof (revision ${revision}) approved by ${name}`,
      proof: { action: 'approved', revision, name },
    });
    if (!won) {
      const earlier = await findProofEvent(orderId, `${revision}:decision`);
      if (earlier?.proof?.action !== 'approved') {
        throw AppError.conflict('This proof was already answered');
      }
      recordedByAnother = true;
    }
    const approved = await setProofState(orderId, proof, { ...proof, status: 'approved' }, null);
    if (!approved) {
      // The order changed since it was read: a newer revision sent meanwhile is what the customer
      // must see first, and this approval moves nothing (a double click's first call finds it so).
      const current = await findOrderById(orderId);
      const sameApproval =
        current?.proof?.revision === revision && current.proof.status === 'approved';
      if (!current) throw AppError.notFound('Order not found');
      if (!sameApproval) {
        if (won) await deleteProofEvent(orderId, `${revision}:decision`);
        assertAwaitingAnswer(current, revision);
        throw AppError.conflict('This proof was already answered');
      }
    }
  }
  // A call finishing an earlier approval, or joining one recorded meanwhile, names whoever approved
  // it: the history, the move and the email name one person.
  const decision =
    halfMade || recordedByAnother
      ? (await findProofEvent(orderId, `${revision}:decision`))?.proof
      : null;
  const approvedBy = decision?.action === 'approved' ? decision.name : name;
  const moved = await startProductionOnApproval(orderId, {
    revision,
    name: approvedBy,
    config,
    now,
  });
  return proofView(moved, 'customer', now);
}

/** The customer asks for changes, with a comment per line to change. */
export async function requestProofChanges(
  order: OrderRecord,
  {
    revision,
    comments,
  }: { revision: number; comments: Array<{ lineId: string; comment: string }> },
): Promise<OrderProof> {
  const now = new Date();
  const orderId = order._id.toString();
  const lineNumberOf = new Map(order.items.map((item, index) => [item.lineId, index + 1]));
  const errors = comments.flatMap((entry, index) =>
    lineNumberOf.has(entry.lineId)
      ? []
      : [{ path: `comments.${index}.lineId`, message: 'This line is not in the order' }],
  );
  if (errors.length) throw AppError.invalid('This line is not in the order', errors);
  const proof = assertAwaitingAnswer(order, revision);
  const summary = comments
    .map((entry) => `label ${lineNumberOf.get(entry.lineId)}: ${entry.comment}`)
    .join('; ');
  const won = await insertProofEvent({
    orderId,
    key: `${revision}:decision`,
    at: now,
    by: 'customer',
    note: `Changes requested on revision ${revision}: ${summary}`,
    proof: { action: 'changes_requested', revision, comments },
  });
  if (!won) throw AppError.conflict('This proof was already answered');
  const updated = await setProofState(
    orderId,
    proof,
    { ...proof, status: 'changes_requested' },
    null,
  );
  if (!updated) {
    // The order moved on meanwhile (a cancel, a newer revision): the request is not recorded.
    await deleteProofEvent(orderId, `${revision}:decision`);
    const current = await findOrderById(orderId);
    if (!current) throw AppError.notFound('Order not found');
    assertAwaitingAnswer(current, revision);
    throw AppError.conflict('This proof was already answered');
  }
  return proofView(updated, 'customer', now);
}

interface RevisionInput {
  lineId: string;
  customText?: string;
  /**
   * Keeps the uploaded proof file (revision-file.ts) and answers it: called only once the revision
   * is allowed, so a refused one leaves no file behind.
   */
  file?: () => Promise<{ hashedName: string; originalName: string; contentType: string }>;
  note?: string;
}

/**
 * The shop's next revision: one line's new text (drawn again) or an uploaded proof file; the other
 * lines stay as the last revision showed them. The customer is asked again (the proof email).
 */
export async function createRevision(
  orderId: string,
  input: RevisionInput,
  { by, config }: { by: string; config: Config },
): Promise<OrderProof> {
  const now = new Date();
  const order = await findOrderById(orderId);
  if (!order) throw AppError.notFound('Order not found');
  const proof = order.proof;
  if (
    order.status !== 'awaiting_proof' ||
    !proof ||
    (proof.status !== 'awaiting_approval' && proof.status !== 'changes_requested')
  ) {
    throw AppError.conflict('A revision can only be made while the order waits for proof approval');
  }
  // A move under way (an admin's cancel, its refund not yet answered) may take the order out of the
  // proof step: a revision waits until it is done.
  if (order.pendingMove) {
    throw AppError.conflict(
      `This order is being moved to ${ORDER_STATUS_LABELS[order.pendingMove.to].toLowerCase()}: make the revision once that is done, if it still waits for approval`,
    );
  }
  const item = order.items.find(({ lineId }) => lineId === input.lineId);
  if (!item) {
    throw AppError.invalidField('lineId', 'This line is not in the order');
  }
  // A spreadsheet's labels take their text from its rows: new text would be mailed as the change
  // while the proof and the production file still draw the rows.
  if (item.productConfig.rows && input.customText !== undefined) {
    const message =
      "A spreadsheet line's text comes from its rows: upload a proof file for it, or ask the customer for a corrected spreadsheet";
    throw AppError.invalidField('customText', message);
  }
  // A series' new text keeps its number, unless its code carries it (the rule the cart checks).
  const series = item.productConfig.series;
  const code = item.productConfig.code;
  // A series' text keeps the number it was ordered with (docs/product.md section 12): "MOTOR" for
  // "PUMP {n}" would engrave every plate alike. One ordered with the number in its code alone may
  // drop it from the text too, as the configurator allows.
  if (
    series &&
    input.customText !== undefined &&
    !input.customText.includes(NUMBER_FIELD) &&
    (item.productConfig.customText.includes(NUMBER_FIELD) || !code?.value.includes(NUMBER_FIELD))
  ) {
    const message = `Put ${NUMBER_FIELD} in the text where the number goes: every label of this series would read the same`;
    throw AppError.invalidField('customText', message);
  }
  if ((input.customText === undefined) === (input.file === undefined)) {
    const message = "Send either the line's new text or a proof file";
    throw AppError.invalidField('customText', message);
  }
  const notEngraved = input.customText === undefined ? null : notEngravedMessage(input.customText);
  if (notEngraved) throw AppError.invalidField('customText', notEngraved);
  const file = input.file ? await input.file() : undefined;
  const previous = await revisionLines(order, proof.revision);
  const lines = previous.map((line) =>
    line.lineId !== input.lineId
      ? { ...line, changed: false }
      : {
          lineId: line.lineId,
          customText: input.customText ?? line.customText,
          uploadedFile: file ?? (input.customText !== undefined ? null : line.uploadedFile),
          changed: true,
        },
  );
  const revision = proof.revision + 1;
  const note = input.note?.trim() || null;
  const won = await insertRevision({ orderId, revision, createdAt: now, by, note, lines });
  if (!won) throw AppError.conflict('Another revision was just made: reload the order');
  const updated = await setProofState(
    orderId,
    proof,
    { ...proof, status: 'awaiting_approval', revision, sentAt: now },
    proofReminderDueAt(now, config.shop.timeZone),
  );
  if (!updated) {
    // The order changed since it was read (a move began, an answer came): this revision was never
    // sent, so its number is given back for the next one.
    await deleteRevision(orderId, revision, now);
    throw AppError.conflict('The order changed while the revision was made: reload the order');
  }
  if (input.customText !== undefined) {
    await recordRevisedSeries(
      order,
      { lineId: input.lineId, customText: input.customText, revision },
      now,
    );
  }
  const changesAsked = proof.status === 'changes_requested';
  await sendProof(updated, { revision, lines, note, by, now, config, changesAsked });
  return proofView(updated, 'admin', now);
}
