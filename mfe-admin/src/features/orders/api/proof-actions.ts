// The proof step of an order, for the admin (docs/product.md, "Proofs"): the revisions and answers,
// a new revision (the line's text or an uploaded proof file), processing once approved, an override.
import { useMutation, useQuery } from '@tanstack/react-query';
import { orderProofSchema, type OrderProof } from '@shop/contracts/proof-workflow';
import { adminOrderSchema } from '@shop/contracts/orders-answers';
import { apiJson, queryClient, toast } from 'shell/store';
import { adminOrdersQueryKey, readOrdersAgain } from './get-admin-orders';
import { toastFailure } from '../../../lib/toast-failure';

export type { OrderProof };

const proofKey = (id: string) => [...adminOrdersQueryKey, 'proof', id] as const;

/** GET /api/admin/orders/{id}/proof */
export function useAdminOrderProof(id: string | null) {
  return useQuery(
    {
      queryKey: proofKey(id ?? ''),
      queryFn: () =>
        apiJson<unknown>(`/api/admin/orders/${encodeURIComponent(id ?? '')}/proof`).then((answer) =>
          orderProofSchema.parse(answer),
        ),
      enabled: id !== null,
      staleTime: 0,
    },
    queryClient,
  );
}

export interface RevisionRequest {
  orderId: string;
  lineId: string;
  note: string;
  /** Either the line's new text or a proof file. */
  customText?: string;
  file?: File;
}

/** POST /api/admin/orders/{id}/proof/revisions (multipart): the customer is emailed the new revision. */
export function useCreateProofRevision() {
  return useMutation(
    {
      mutationFn: ({ orderId, lineId, note, customText, file }: RevisionRequest) => {
        const form = new FormData();
        form.append('lineId', lineId);
        if (note.trim()) form.append('note', note.trim());
        if (file) form.append('file', file);
        else form.append('customText', customText ?? '');
        return apiJson<unknown>(
          `/api/admin/orders/${encodeURIComponent(orderId)}/proof/revisions`,
          { method: 'POST', body: form },
        ).then((answer) => orderProofSchema.parse(answer));
      },
      onSuccess: async (proof) => {
        toast({
          title: `Revision ${proof.revision} sent`,
          description: `The customer is emailed revision ${proof.revision} of the proof to approve.`,
        });
        await readOrdersAgain();
      },
      onError: toastFailure('Could not make the revision', { then: readOrdersAgain }),
    },
    queryClient,
  );
}

/** PATCH /api/admin/orders/{id} to processing: only with the proof approved. */
export function useStartProcessing() {
  return useMutation(
    {
      mutationFn: (orderId: string) =>
        apiJson<unknown>(`/api/admin/orders/${encodeURIComponent(orderId)}`, {
          method: 'PATCH',
          body: { status: 'processing' },
        }).then((answer) => adminOrderSchema.parse(answer)),
      onSuccess: async (order) => {
        toast({ title: 'Processing', description: `Order #${order.orderNumber} is processing.` });
        await readOrdersAgain();
      },
      onError: toastFailure('Could not move the order to processing', { then: readOrdersAgain }),
    },
    queryClient,
  );
}

/** POST /api/admin/orders/{id}/proof/override: processing without approval, with the reason kept. */
export function useOverrideProof() {
  return useMutation(
    {
      mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
        apiJson<unknown>(`/api/admin/orders/${encodeURIComponent(orderId)}/proof/override`, {
          method: 'POST',
          body: { reason },
        }).then((answer) => adminOrderSchema.parse(answer)),
      onSuccess: async (order) => {
        toast({
          title: 'Moved on without approval',
          description: `Order #${order.orderNumber} is processing; the reason is in its history.`,
        });
        await readOrdersAgain();
      },
      onError: toastFailure('Could not override the proof', { then: readOrdersAgain }),
    },
    queryClient,
  );
}
