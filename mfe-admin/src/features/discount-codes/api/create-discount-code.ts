import { useMutation } from '@tanstack/react-query';
import {
  discountCodeCreateSchema,
  discountCodeSchema,
  type DiscountCode,
  type DiscountCodeCreateInput,
} from '@shop/contracts/discounts';
import { apiJson, queryClient } from 'shell/store';
import { discountCodesQueryKey } from './get-discount-codes';
import { readAgain } from '@shop/ui/read-again';

export { discountCodeCreateSchema };

/** POST /api/admin/discount-codes: the created code (201); a taken code is a 409. */
export async function createDiscountCode(input: DiscountCodeCreateInput): Promise<DiscountCode> {
  return apiJson<unknown>('/api/admin/discount-codes', { body: input }).then((answer) =>
    discountCodeSchema.parse(answer),
  );
}

export function useCreateDiscountCode() {
  return useMutation(
    {
      mutationFn: createDiscountCode,
      onSuccess: () => readAgain(discountCodesQueryKey),
    },
    queryClient,
  );
}
