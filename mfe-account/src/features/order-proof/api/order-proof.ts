// The order's proof for its customer or the holder of its guest link (`?access=` passed on): read it,
// approve every line in one click, or ask for changes per line (docs/product.md, "Proofs").
import { useMutation } from '@tanstack/react-query';
import type {
  ApproveProofInput,
  OrderProof,
  RequestProofChangesInput,
} from '@shop/contracts/proof-workflow';
import { apiErrorStatus, apiJson, ordersQueryKey, queryClient } from 'shell/store';
import { readAgain } from '@shop/ui/read-again';
import { proofAnswer, proofKey } from '../../../api/order-proof';
import { withAccess } from '../../../api/with-access';

export type { OrderProof };
export { useOrderProof } from '../../../api/order-proof';

async function answered(orderId: string, access: string | null, proof: OrderProof) {
  queryClient.setQueryData(proofKey(orderId, access), proof);
  await readAgain(ordersQueryKey);
}

/**
 * An answer refused because the proof moved on (answered in another window, a newer revision sent,
 * the order cancelled): the page reads the proof and the order again, so it shows where they stand
 * beside the refusal's reason.
 */
async function refused(orderId: string, access: string | null, error: unknown) {
  if (apiErrorStatus(error) !== 409) return;
  await Promise.all([readAgain(proofKey(orderId, access)), readAgain(ordersQueryKey)]);
}

/** POST /api/orders/{id}/proof/approve */
export function useApproveProof(orderId: string, access: string | null) {
  return useMutation(
    {
      mutationFn: (input: ApproveProofInput) =>
        proofAnswer(() =>
          apiJson(withAccess(`/api/orders/${encodeURIComponent(orderId)}/proof/approve`, access), {
            method: 'POST',
            body: input,
          }),
        ),
      onSuccess: (proof) => answered(orderId, access, proof),
      onError: (error) => refused(orderId, access, error),
    },
    queryClient,
  );
}

/** POST /api/orders/{id}/proof/changes */
export function useRequestProofChanges(orderId: string, access: string | null) {
  return useMutation(
    {
      mutationFn: (input: RequestProofChangesInput) =>
        proofAnswer(() =>
          apiJson(withAccess(`/api/orders/${encodeURIComponent(orderId)}/proof/changes`, access), {
            method: 'POST',
            body: input,
          }),
        ),
      onSuccess: (proof) => answered(orderId, access, proof),
      onError: (error) => refused(orderId, access, error),
    },
    queryClient,
  );
}
