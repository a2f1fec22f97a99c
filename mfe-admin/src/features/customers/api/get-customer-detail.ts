import { useQuery } from '@tanstack/react-query';
import type { AdminCustomerDetail } from '@shop/contracts/admin';
import { apiJson, queryClient } from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';

/** GET /api/admin/customers/{id}: the customer and their paid orders, newest first. */
export function useCustomerDetail(id: string | null) {
  return useQuery(
    {
      queryKey: [...adminQueryKey, 'customers', 'detail', id ?? ''],
      queryFn: () =>
        apiJson<AdminCustomerDetail>(`/api/admin/customers/${encodeURIComponent(id ?? '')}`),
      enabled: id !== null,
      staleTime: 0,
    },
    queryClient,
  );
}
