import { outboxPageSchema } from '@shop/contracts/admin-answers';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@shop/contracts/mail';
import { apiJson, queryClient } from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';

export type { OutboxMessage };

/** GET /api/admin/outbox: newest first; older pages by the last id read. */
export function useOutbox() {
  return useInfiniteQuery(
    {
      queryKey: [...adminQueryKey, 'outbox'],
      queryFn: ({ pageParam }) =>
        apiJson<unknown>(
          `/api/admin/outbox?limit=20${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`,
        ).then((answer) => outboxPageSchema.parse(answer)),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextBefore ?? undefined,
      staleTime: 0,
    },
    queryClient,
  );
}
