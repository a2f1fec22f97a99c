// The proof step of an order (docs/product.md, "Proofs"): revisions of every line's proof, the
// customer's approval or change requests, and the admin's revisions and override.
import { z } from 'zod';
import { addBusinessDays } from './time-zone';

/**
 * awaiting_approval: the current revision was sent and not answered; changes_requested: the customer
 * asked for changes (the shop makes a new revision); approved: the customer approved every line;
 * overridden: an admin moved the order on without approval, with a reason; skipped: the shopper chose
 * "Skip the proof, engrave as shown" at checkout.
 */
export const PROOF_STATUSES = [
  'awaiting_approval',
  'changes_requested',
  'approved',
  'overridden',
  'skipped',
] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

export const PROOF_STATUS_LABELS: Record<ProofStatus, string> = {
  awaiting_approval: 'Waiting for your approval',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  overridden: 'Moved on without approval',
  skipped: 'Proof skipped at checkout',
};

/** The same states as the shop's admins read them: the approval is the customer's, not theirs. */
export const SHOP_PROOF_STATUS_LABELS: Record<ProofStatus, string> = {
  awaiting_approval: "Waiting for the customer's approval",
  changes_requested: 'The customer asked for changes',
  approved: 'Approved by the customer',
  overridden: "Moved on without the customer's approval",
  skipped: 'Proof skipped at checkout',
};

/** Days an order may wait for approval before the admin may cancel it with a full refund. */
export const PROOF_APPROVAL_LIMIT_DAYS = 14;
/** Business days (Monday to Friday in the shop's time zone) before an unanswered proof is reminded. */
export const PROOF_REMINDER_BUSINESS_DAYS = 2;

/** When an unanswered revision sent at `sentAt` is reminded. */
export function proofReminderDueAt(sentAt: Date, timeZone: string): Date {
  return addBusinessDays(sentAt, PROOF_REMINDER_BUSINESS_DAYS, timeZone);
}

/** One line in one revision: the label text drawn, or a proof file the shop uploaded. */
export interface ProofLine {
  lineId: string;
  lineNumber: number;
  customText: string;
  /** How many labels the line engraves from this proof. */
  labels: number;
  /**
   * What varies from label to label, for a numbered series or spreadsheet rows (docs/product.md
   * section 12): "PUMP 1501 to PUMP 2000 (500 labels)"; null when every label is the same.
   */
  varies: string | null;
  /** The revised proof the shop uploaded for this line (image or PDF), null when drawn from the text. */
  uploadedFile: { originalName: string; contentType: string } | null;
  /** Whether this revision changed the line (revision 1: every line). */
  changed: boolean;
}

export interface ProofChangeRequest {
  lineId: string;
  comment: string;
}

export interface ProofRevision {
  revision: number;
  createdAt: string;
  lines: ProofLine[];
  /** What the shop changed, in its words (null for the first revision). */
  note: string | null;
  changesRequested: { at: string; comments: ProofChangeRequest[] } | null;
  approval: { at: string; name: string } | null;
}

export interface ProofHistoryEntry {
  at: string;
  by: string | null;
  text: string;
}

/** GET /api/orders/{id}/proof (and the admin's order detail's `proof`). */
export interface OrderProof {
  orderId: string;
  orderNumber: number;
  /** Null while the order is unpaid and its proof not skipped: the first proof is sent at payment. */
  status: ProofStatus | null;
  /** The current revision (1, 2, ...); 0 when the proof was skipped or is not made yet. */
  revision: number;
  /** Every revision, oldest first: earlier ones are kept. */
  revisions: ProofRevision[];
  override: { at: string; by: string; reason: string } | null;
  /** Waiting for approval for at least PROOF_APPROVAL_LIMIT_DAYS: the admin may cancel with a full refund. */
  approvalOverdue: boolean;
  history: ProofHistoryEntry[];
  /**
   * For the customer's answer only: a guest link token for this order, so the page's <img> and PDF
   * links (which cannot send x-session-id) open the proof as `?access=`.
   */
  access?: string | null;
}

export const proofHistoryEntrySchema = z.object({
  at: z.string(),
  by: z.string().nullable(),
  text: z.string(),
}) satisfies z.ZodType<ProofHistoryEntry>;

const proofLineSchema = z.object({
  lineId: z.string(),
  lineNumber: z.number(),
  customText: z.string(),
  labels: z.number(),
  varies: z.string().nullable(),
  uploadedFile: z.object({ originalName: z.string(), contentType: z.string() }).nullable(),
  changed: z.boolean(),
}) satisfies z.ZodType<ProofLine>;

const changeRequestAnswerSchema = z.object({ lineId: z.string(), comment: z.string() });

export const orderProofSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number(),
  status: z.enum(PROOF_STATUSES).nullable(),
  revision: z.number(),
  revisions: z.array(
    z.object({
      revision: z.number(),
      createdAt: z.string(),
      lines: z.array(proofLineSchema),
      note: z.string().nullable(),
      changesRequested: z
        .object({ at: z.string(), comments: z.array(changeRequestAnswerSchema) })
        .nullable(),
      approval: z.object({ at: z.string(), name: z.string() }).nullable(),
    }),
  ),
  override: z.object({ at: z.string(), by: z.string(), reason: z.string() }).nullable(),
  approvalOverdue: z.boolean(),
  history: z.array(proofHistoryEntrySchema),
  access: z.string().nullish(),
}) satisfies z.ZodType<OrderProof>;

// --- Requests ------------------------------------------------------------------------------------

/** POST /api/orders/{id}/proof/approve: every line of the revision shown, in one click. */
export const approveProofSchema = z.object({
  revision: z.number({ error: 'revision must be a number' }).int().positive(),
  name: z
    .string({ error: 'Please enter your name' })
    .trim()
    .min(1, 'Please enter your name')
    .max(100, 'Your name must be at most 100 characters'),
});
export type ApproveProofInput = z.input<typeof approveProofSchema>;

/** POST /api/orders/{id}/proof/changes: a comment per line to change (at least one). */
export const requestProofChangesSchema = z.object({
  revision: z.number({ error: 'revision must be a number' }).int().positive(),
  comments: z
    .array(
      z.object({
        lineId: z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid line id'),
        comment: z
          .string({ error: 'Please describe the change' })
          .trim()
          .max(1000, 'A comment must be at most 1000 characters'),
      }),
    )
    .max(50)
    .transform((comments) => comments.filter((entry) => entry.comment.length > 0))
    .refine((comments) => comments.length > 0, 'Please describe the change for at least one label'),
});
export type RequestProofChangesInput = z.input<typeof requestProofChangesSchema>;

/** POST /api/admin/orders/{id}/proof/override: processing without approval, only with a reason. */
export const overrideProofSchema = z.object({
  reason: z
    .string({ error: 'Please give the reason for moving on without approval' })
    .trim()
    .min(5, 'Please give the reason for moving on without approval')
    .max(500, 'The reason must be at most 500 characters'),
});

/**
 * POST /api/admin/orders/{id}/proof/revisions (multipart): lineId, and either a proof file (PNG, JPG or
 * PDF) or the line's new customText; note says what changed.
 */
export const proofRevisionFieldsSchema = z.object({
  lineId: z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid line id'),
  customText: z.string().max(500, 'Custom text must be at most 500 characters').optional(),
  note: z.string().trim().max(500, 'The note must be at most 500 characters').optional(),
});
