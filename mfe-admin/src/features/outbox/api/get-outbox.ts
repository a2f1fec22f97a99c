import { useInfiniteQuery } from '@tanstack/react-query';
import type { OutboxMessage, OutboxPage } from '@shop/contracts/mail';
import { apiJson, queryClient } from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';

export type { OutboxMessage };

/** GET /api/admin/outbox: newest first; older pages by the last id read. */
export function useOutbox() {
  return useInfiniteQuery(
    {
      queryKey: [...adminQueryKey, 'outbox'],
      queryFn: ({ pageParam }) =>
        apiJson<OutboxPage>(
          `/api/admin/outbox?limit=20${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`,
        ),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextBefore ?? undefined,
      staleTime: 0,
    },
    queryClient,
  );
}
