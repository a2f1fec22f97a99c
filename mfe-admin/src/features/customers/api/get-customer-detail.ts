import { adminCustomerDetailSchema } from '@shop/contracts/admin-answers';
import { useQuery } from '@tanstack/react-query';
import { apiJson, queryClient } from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';

/** GET /api/admin/customers/{id}: the customer and their paid orders, newest first. */
export function useCustomerDetail(id: string | null) {
  return useQuery(
    {
      queryKey: [...adminQueryKey, 'customers', 'detail', id ?? ''],
      queryFn: () =>
        apiJson<unknown>(`/api/admin/customers/${encodeURIComponent(id ?? '')}`).then((answer) =>
          adminCustomerDetailSchema.parse(answer),
        ),
      enabled: id !== null,
      staleTime: 0,
    },
    queryClient,
  );
}
