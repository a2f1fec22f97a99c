// The order's proof for its customer or the holder of its guest link (`?access=` passed on): read it,
// approve every line in one click, or ask for changes per line (docs/product.md, "Proofs").
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  orderProofSchema,
  type ApproveProofInput,
  type OrderProof,
  type RequestProofChangesInput,
} from '@shop/contracts/proof-workflow';
import { apiJson, ordersQueryKey, queryClient } from 'shell/store';

export type { OrderProof };

/** The path with the guest link's token, when the page was opened through it. */
export function withAccess(path: string, access: string | null): string {
  if (!access) return path;
  return `${path}${path.includes('?') ? '&' : '?'}access=${encodeURIComponent(access)}`;
}

const proofKey = (orderId: string, access: string | null) =>
  [...ordersQueryKey, 'proof', orderId, access] as const;

/** GET /api/orders/{id}/proof */
export function useOrderProof(orderId: string, access: string | null) {
  return useQuery(
    {
      queryKey: proofKey(orderId, access),
      queryFn: async () =>
        orderProofSchema.parse(
          await apiJson<unknown>(
            withAccess(`/api/orders/${encodeURIComponent(orderId)}/proof`, access),
          ),
        ),
      retry: false,
    },
    queryClient,
  );
}

async function answered(orderId: string, access: string | null, proof: OrderProof) {
  queryClient.setQueryData(proofKey(orderId, access), proof);
  await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
}

/** POST /api/orders/{id}/proof/approve */
export function useApproveProof(orderId: string, access: string | null) {
  return useMutation(
    {
      mutationFn: async (input: ApproveProofInput) =>
        orderProofSchema.parse(
          await apiJson<unknown>(
            withAccess(`/api/orders/${encodeURIComponent(orderId)}/proof/approve`, access),
            { method: 'POST', body: input },
          ),
        ),
      onSuccess: (proof) => answered(orderId, access, proof),
    },
    queryClient,
  );
}

/** POST /api/orders/{id}/proof/changes */
export function useRequestProofChanges(orderId: string, access: string | null) {
  return useMutation(
    {
      mutationFn: async (input: RequestProofChangesInput) =>
        orderProofSchema.parse(
          await apiJson<unknown>(
            withAccess(`/api/orders/${encodeURIComponent(orderId)}/proof/changes`, access),
            { method: 'POST', body: input },
          ),
        ),
      onSuccess: (proof) => answered(orderId, access, proof),
    },
    queryClient,
  );
}
