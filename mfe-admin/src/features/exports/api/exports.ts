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
import { readAgain } from '@shop/ui/read-again';

export type { ExportRecordAnswer };

const exportsKey = [...adminQueryKey, 'exports'] as const;

const ROWS_POLL_MS = 2_000;
const RECENT_MS = 2 * 60_000;

/** A recent export of this admin's, downloadable, whose download has not recorded its rows yet. */
function awaitsItsRows(record: ExportRecordAnswer, now = Date.now()): boolean {
  return (
    record.rowCount === null &&
    record.downloadUrl !== null &&
    now - new Date(record.at).getTime() < RECENT_MS
  );
}

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
      // The rows an export's download wrote are recorded when the download ends, which the page
      // cannot see: while an export made in the last minutes has none, the list is read again.
      refetchInterval: (query) =>
        query.state.data?.pages.some((page) => page.exports.some(awaitsItsRows))
          ? ROWS_POLL_MS
          : false,
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
        await readAgain(exportsKey);
      },
      onError: toastFailure('The export could not be made'),
    },
    queryClient,
  );
}
