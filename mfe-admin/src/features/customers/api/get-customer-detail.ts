import { adminCustomerDetailSchema } from '@shop/contracts/admin-answers';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson, queryClient } from 'shell/store';
import { customersQueryKey } from '../../../lib/admin-query-key';

/**
 * GET /api/admin/customers/{id}: the customer and their paid orders, newest first, a page at a time
 * (the next from the previous page's nextBefore).
 */
export function useCustomerDetail(id: string | null) {
  return useInfiniteQuery(
    {
      queryKey: [...customersQueryKey, 'detail', id ?? ''],
      queryFn: ({ pageParam }) => {
        const before = pageParam ? `?before=${encodeURIComponent(pageParam)}` : '';
        return apiJson<unknown>(
          `/api/admin/customers/${encodeURIComponent(id ?? '')}${before}`,
        ).then((answer) => adminCustomerDetailSchema.parse(answer));
      },
      initialPageParam: '',
      getNextPageParam: (last) => last.nextBefore ?? undefined,
      enabled: id !== null,
      staleTime: 0,
    },
    queryClient,
  );
}
