import { useQuery } from '@tanstack/react-query';
import type { AdminStatus } from '@shop/contracts/admin';
import { adminStatusSchema } from '@shop/contracts/admin-answers';
import { apiJson, queryClient } from 'shell/store';
import { adminStatusQueryKey } from '../../../lib/admin-query-key';

/** GET /api/admin/status: whether the signed-in customer is an admin (401 when signed out). */
export async function getAdminStatus(): Promise<AdminStatus> {
  return adminStatusSchema.parse(await apiJson<unknown>('/api/admin/status'));
}

/** Asked once per customer; the answer is always re-read when the admin page opens. */
export function useAdminStatus(customerId: string | undefined) {
  return useQuery(
    {
      queryKey: adminStatusQueryKey(customerId),
      queryFn: getAdminStatus,
      enabled: Boolean(customerId),
      staleTime: 0,
    },
    queryClient,
  );
}
