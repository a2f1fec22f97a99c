import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import {
  exportRecordAnswerSchema,
  exportsPageSchema,
  type ExportRecordAnswer,
  type ExportRequest,
} from '@shop/contracts/insights';
import { apiJson, queryClient } from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';
import { toastFailure } from '../../../lib/toast-failure';

export type { ExportRecordAnswer };

const exportsKey = [...adminQueryKey, 'exports'] as const;

/** GET /api/admin/exports: the exports made, newest first; older pages by the last id read. */
export function useExports() {
  return useInfiniteQuery(
    {
      queryKey: exportsKey,
      queryFn: ({ pageParam }) =>
        apiJson<unknown>(
          `/api/admin/exports?limit=20${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`,
        ).then((answer) => exportsPageSchema.parse(answer)),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextBefore ?? undefined,
      staleTime: 0,
    },
    queryClient,
  );
}

/**
 * POST /api/admin/exports: records the export (who, when, which rows); the browser then downloads
 * its file from the answer's downloadUrl, which the API writes as it reads the rows.
 */
export function useCreateExport() {
  return useMutation(
    {
      mutationFn: (request: ExportRequest) =>
        apiJson<unknown>('/api/admin/exports', { method: 'POST', body: request }).then((answer) =>
          exportRecordAnswerSchema.parse(answer),
        ),
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: exportsKey });
      },
      onError: toastFailure('The export could not be made'),
    },
    queryClient,
  );
}
