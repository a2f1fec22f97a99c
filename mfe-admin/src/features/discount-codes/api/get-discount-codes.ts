import { useQuery } from '@tanstack/react-query';
import { discountCodeSchema, type DiscountCode } from '@shop/contracts/discounts';
import { apiJson, queryClient } from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';

export type { DiscountCode };

/** Whether a code's expiry has come: like the API, its expiresAt is the first instant it no longer works. */
export function hasExpired(code: DiscountCode, now = Date.now()): boolean {
  return code.expiresAt !== null && Date.parse(code.expiresAt) <= now;
}

/** Whether a code's uses have reached its usage limit: the API refuses it from then on. */
export function isUsedUp(code: DiscountCode): boolean {
  return code.usageLimit !== null && code.timesUsed >= code.usageLimit;
}

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
