import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { makeAdminSchema } from '@shop/contracts/admin';
import { madeAdminSchema, type MadeAdmin } from '@shop/contracts/admin-answers';
import {
  apiJson,
  queryClient,
  toast,
  useShopStore,
  apiErrorStatus,
  apiErrorMessage,
} from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';
import { getCurrentUser } from './get-current-user';
import { readAgain } from '@shop/ui/read-again';

export { makeAdminSchema };
export type MakeAdminInput = z.output<typeof makeAdminSchema>;

export const GRANT_FAILED_MESSAGE = 'Invalid admin secret or authentication required';

/** POST /api/admin/make-admin: the secret in the body and, as the spec's client sends it, as a bearer token. */
export async function makeAdmin({ secret }: MakeAdminInput): Promise<MadeAdmin> {
  const answer = await apiJson<unknown>('/api/admin/make-admin', {
    body: { secret },
    headers: { Authorization: `Bearer ${secret}` },
  });
  return madeAdminSchema.parse(answer);
}

/** Grants admin, then re-reads who is signed in so the header's menu shows Admin Panel at once. */
export function useMakeAdmin({ onGranted }: { onGranted?: () => void } = {}) {
  const setUser = useShopStore((s) => s.setUser);
  return useMutation(
    {
      mutationFn: makeAdmin,
      onSuccess: async (answer) => {
        toast({ title: 'Admin access granted', description: 'Taking you to the admin panel…' });
        const user = await getCurrentUser().catch(() => answer.user);
        if (user) setUser(user);
        await readAgain(adminQueryKey);
        onGranted?.();
      },
      onError: (error) => {
        // The spec's words for a refusal; past the attempt limit, the server's (when to try again).
        const rateLimited = apiErrorStatus(error) === 429;
        toast({
          variant: 'destructive',
          title: 'Failed to grant admin access',
          description: (rateLimited && apiErrorMessage(error)) || GRANT_FAILED_MESSAGE,
        });
      },
    },
    queryClient,
  );
}
