import { ORDER_STATUS_LABELS, type OrderStatus } from '@shop/contracts/orders';
import type { ProofStatus } from '@shop/contracts/proof-workflow';

/** What the customer reads while the shop makes the revision they asked for. */
export const REVISING_PROOF = 'Revising proof';

/**
 * The order's state as the customer reads it: its stored status, except that an order awaiting proof
 * approval whose customer asked for changes (and no new revision was sent yet) waits on the shop, not
 * on them. The stored status stays awaiting_proof (docs/design.md section 9).
 */
export function shownStatusLabel(status: OrderStatus, proofStatus: ProofStatus | null): string {
  if (status === 'awaiting_proof' && proofStatus === 'changes_requested') return REVISING_PROOF;
  return ORDER_STATUS_LABELS[status];
}

/** Whether the order waits on the customer's answer to its proof (the proof's call to action leads). */
export function waitsForProofAnswer(status: OrderStatus, proofStatus: ProofStatus | null): boolean {
  return status === 'awaiting_proof' && proofStatus !== 'changes_requested';
}
