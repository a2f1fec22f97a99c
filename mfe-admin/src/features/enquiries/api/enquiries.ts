import { adminEnquiryPageSchema, adminEnquirySchema } from '@shop/contracts/admin-answers';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { AdminEnquiry } from '@shop/contracts/contact';
import { apiJson, queryClient, toast } from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';
import { toastFailure } from '../../../lib/toast-failure';
import { readAgain } from '@shop/ui/read-again';

export type { AdminEnquiry };
export type EnquiryState = 'new' | 'handled' | 'all';

const enquiriesKey = [...adminQueryKey, 'enquiries'] as const;

/** GET /api/admin/enquiries: newest first, older pages by the last id read. */
export function useEnquiries(state: EnquiryState) {
  return useInfiniteQuery(
    {
      queryKey: [...enquiriesKey, state],
      queryFn: ({ pageParam }) =>
        apiJson<unknown>(
          `/api/admin/enquiries?limit=20&state=${state}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`,
        ).then((answer) => adminEnquiryPageSchema.parse(answer)),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextBefore ?? undefined,
      staleTime: 0,
    },
    queryClient,
  );
}

/** PATCH /api/admin/enquiries/{id} {handled} */
export function useMarkHandled() {
  return useMutation(
    {
      mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
        apiJson<unknown>(`/api/admin/enquiries/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: { handled },
        }).then((answer) => adminEnquirySchema.parse(answer)),
      onSuccess: async (updated) => {
        // The card leaves the list it was in: the admin is told where it went.
        toast(
          updated.handledAt
            ? {
                title: 'Enquiry marked handled',
                description: `${updated.name}’s enquiry is in the Handled list.`,
              }
            : {
                title: 'Enquiry marked new',
                description: `${updated.name}’s enquiry is back in the New list.`,
              },
        );
        await readAgain(enquiriesKey);
      },
      onError: toastFailure('Could not update the enquiry'),
    },
    queryClient,
  );
}
