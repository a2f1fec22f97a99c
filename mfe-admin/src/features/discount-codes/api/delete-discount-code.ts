import { useMutation } from '@tanstack/react-query';
import { apiRequest, queryClient, toast } from 'shell/store';
import { discountCodesQueryKey, type DiscountCode } from './get-discount-codes';
import { toastFailure } from '../../../lib/toast-failure';
import { readAgain } from '@shop/ui/read-again';

/** DELETE /api/admin/discount-codes/{id}. */
export async function deleteDiscountCode(code: DiscountCode): Promise<void> {
  await apiRequest(`/api/admin/discount-codes/${encodeURIComponent(code.id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteDiscountCode({ onDeleted }: { onDeleted?: () => void } = {}) {
  return useMutation(
    {
      mutationFn: deleteDiscountCode,
      onSuccess: async (_answer, code) => {
        toast({ title: 'Discount deleted', description: `${code.code} can no longer be used.` });
        await readAgain(discountCodesQueryKey);
        onDeleted?.();
      },
      onError: toastFailure('Delete failed'),
    },
    queryClient,
  );
}
