import { useMutation } from '@tanstack/react-query';
import {
  discountCodeSchema,
  discountCodeUpdateSchema,
  type DiscountCode,
  type DiscountCodeUpdateInput,
} from '@shop/contracts/discounts';
import { apiJson, queryClient } from 'shell/store';
import { discountCodesQueryKey } from './get-discount-codes';
import { readAgain } from '@shop/ui/read-again';

export { discountCodeUpdateSchema };

/** PUT /api/admin/discount-codes/{id}: the fields given change, the others are kept. */
export async function updateDiscountCode({
  id,
  changes,
}: {
  id: string;
  changes: DiscountCodeUpdateInput;
}): Promise<DiscountCode> {
  return apiJson<unknown>(`/api/admin/discount-codes/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: changes,
  }).then((answer) => discountCodeSchema.parse(answer));
}

export function useUpdateDiscountCode() {
  return useMutation(
    {
      mutationFn: updateDiscountCode,
      onSuccess: () => readAgain(discountCodesQueryKey),
    },
    queryClient,
  );
}
