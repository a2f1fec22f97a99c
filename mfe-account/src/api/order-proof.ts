// The order's proof as its customer (or the holder of its guest link) reads it: the proof section
// answers it, and the order page reads each line's engraved text and where the proof stands from it
// (one query, one request).
import { useQuery } from '@tanstack/react-query';
import type { OrderProof } from '@shop/contracts/proof-workflow';
import { apiJson, ordersQueryKey, queryClient } from 'shell/store';
import { orderSchemas } from './order-schemas';
import { withAccess } from './with-access';

export const proofKey = (orderId: string, access: string | null) =>
  [...ordersQueryKey, 'proof', orderId, access] as const;

/**
 * The proof a call answers (the proof read, approved or sent back). The schemas come first, so an
 * answer is never sent that could not be read back; the order page has loaded them with the order.
 */
export async function proofAnswer(call: () => Promise<unknown>): Promise<OrderProof> {
  const { orderProofSchema } = await orderSchemas();
  return orderProofSchema.parse(await call());
}

/** GET /api/orders/{id}/proof */
export function useOrderProof(orderId: string, access: string | null) {
  return useQuery(
    {
      queryKey: proofKey(orderId, access),
      queryFn: () =>
        proofAnswer(() =>
          apiJson(withAccess(`/api/orders/${encodeURIComponent(orderId)}/proof`, access)),
        ),
      retry: false,
    },
    queryClient,
  );
}
