import { adminCustomerListSchema } from '@shop/contracts/admin-answers';
import { NEXT_BEFORE_HEADER } from '@shop/contracts/orders';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ShopUser } from '@shop/contracts';
import { apiRequest, queryClient } from 'shell/store';
import { customersQueryKey } from '../../../lib/admin-query-key';

/** A customer as the admin sees them: the client-visible user (never the password hash). */
export type Customer = ShopUser;

export { customersQueryKey };
export const CUSTOMERS_PAGE_SIZE = 50;

export interface CustomerPage {
  customers: Customer[];
  nextBefore: string | null;
}

/**
 * GET /api/admin/customers: one page, newest first, those the search `q` finds when given; the next
 * page's key comes in the x-next-before header (the body stays the list of customers).
 */
export async function getCustomers(q: string, before?: string): Promise<CustomerPage> {
  const query = new URLSearchParams({ limit: String(CUSTOMERS_PAGE_SIZE) });
  if (q) query.set('q', q);
  if (before) query.set('before', before);
  const response = await apiRequest(`/api/admin/customers?${query.toString()}`);
  const customers = adminCustomerListSchema.parse(await response.json());
  return { customers, nextBefore: response.headers.get(NEXT_BEFORE_HEADER) };
}

/** The customers, or those `q` finds; not asked while `enabled` is false (a search too short). */
export function useCustomers(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery(
    {
      queryKey: [...customersQueryKey, q],
      queryFn: ({ pageParam }) => getCustomers(q, pageParam || undefined),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextBefore ?? undefined,
      staleTime: 0,
      enabled,
    },
    queryClient,
  );
}
