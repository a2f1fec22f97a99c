import {
  adminReleasesSchema,
  releaseChangeSchema,
  releasePreviewSchema,
  type AdminReleases,
  type RemoteName,
} from '@shop/contracts/releases';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson, queryClient, toast } from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';
import { toastFailure } from '../../../lib/toast-failure';
import { readAgain } from '@shop/ui/read-again';

export type { AdminReleases, RemoteName };

const releasesKey = [...adminQueryKey, 'releases'] as const;

/** GET /api/admin/releases: per remote, the live release, the previous one, the available ones. */
export function useReleases() {
  return useQuery(
    {
      queryKey: releasesKey,
      queryFn: () =>
        apiJson<unknown>('/api/admin/releases').then((answer) => adminReleasesSchema.parse(answer)),
      staleTime: 0,
    },
    queryClient,
  );
}

/**
 * `expectedLive`: the release the screen shows live, so a change another admin made meanwhile is
 * refused (409) rather than undone unseen.
 */
type Change =
  | { action: 'promote'; remote: RemoteName; version: string; expectedLive: string | null }
  | { action: 'rollback'; remote: RemoteName; expectedLive: string | null }
  | { action: 'preview'; remote: RemoteName; version: string };

/**
 * POST /api/admin/releases/{remote}/promote | rollback | preview. Promote and rollback reach every
 * shopper's next page within a few seconds; preview sets a cookie for this browser only.
 */
export function useReleaseChange() {
  return useMutation(
    {
      mutationFn: async (change: Change) => {
        const path = `/api/admin/releases/${change.remote}/${change.action}`;
        if (change.action === 'preview') {
          const answer = await apiJson<unknown>(path, { body: { version: change.version } });
          return { ...releasePreviewSchema.parse(answer), live: null };
        }
        const { action: _action, remote: _remote, ...body } = change;
        return releaseChangeSchema.parse(await apiJson<unknown>(path, { body }));
      },
      onSuccess: async (result, change) => {
        toast({
          title:
            change.action === 'preview'
              ? `Previewing ${change.remote} ${change.version} in this browser for an hour`
              : `${change.remote}: ${result.live} is live`,
          description:
            change.action === 'preview'
              ? 'Other shoppers keep the live release.'
              : 'Shoppers get it on their next page (within a few seconds).',
        });
        await readAgain(releasesKey);
      },
      // Refused (another admin changed the releases, say): the screen shows them as they are now.
      onError: toastFailure('Could not change the release', { then: () => readAgain(releasesKey) }),
    },
    queryClient,
  );
}

/** DELETE /api/admin/releases/preview: this browser goes back to the live releases. */
export function useEndPreview() {
  return useMutation(
    {
      mutationFn: () => apiJson<unknown>('/api/admin/releases/preview', { method: 'DELETE' }),
      onSuccess: async () => {
        toast({ title: 'Preview ended: this browser gets the live releases' });
        await readAgain(releasesKey);
      },
      onError: toastFailure('Could not end the preview', {
        then: () => readAgain(releasesKey),
      }),
    },
    queryClient,
  );
}
