import { useQuery } from '@tanstack/react-query';
import { discountCodeSchema, type DiscountCode } from '@shop/contracts/discounts';
import { apiJson, queryClient } from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';

export type { DiscountCode };

export const discountCodesQueryKey = [...adminQueryKey, 'discount-codes'] as const;

/** GET /api/admin/discount-codes: every code, as the admin panel lists them. */
export async function getDiscountCodes(): Promise<DiscountCode[]> {
  return apiJson<unknown>('/api/admin/discount-codes').then((answer) =>
    discountCodeSchema.array().parse(answer),
  );
}

export function useDiscountCodes() {
  return useQuery(
    { queryKey: discountCodesQueryKey, queryFn: getDiscountCodes, staleTime: 0 },
    queryClient,
  );
}
