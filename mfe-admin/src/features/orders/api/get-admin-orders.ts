import { adminOrderPageSchema } from '@shop/contracts/admin-answers';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminOrderPage } from '@shop/contracts/admin';
import type { AdminOrder, OrderStatus } from '@shop/contracts/orders';
import { apiJson, queryClient } from 'shell/store';
import { readAgain } from '@shop/ui/read-again';
import { adminQueryKey, customersQueryKey } from '../../../lib/admin-query-key';

export type { AdminOrder, AdminOrderPage, OrderStatus };

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const adminOrdersQueryKey = [...adminQueryKey, 'orders'] as const;

/** After an order changed: the order lists, its details, and a customer's orders (opened from Customers). */
export async function readOrdersAgain(): Promise<void> {
  await Promise.all([readAgain(adminOrdersQueryKey), readAgain(customersQueryKey)]);
}

export interface AdminOrdersFilter {
  status?: OrderStatus | undefined;
  /** An order number, a whole email, or beginnings of words of a name or an email. */
  q?: string | undefined;
  /** YYYY-MM-DD, the shop's time zone. */
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * GET /api/admin/orders: one page of the paid orders (or of one status), newest first, from `before`
 * (the previous page's nextBefore). A page may hold fewer orders than asked and still have a next.
 */
export async function getAdminOrders(
  { status, q, from, to }: AdminOrdersFilter,
  before?: string,
): Promise<AdminOrderPage> {
  const query = new URLSearchParams({ pageSize: String(ADMIN_ORDERS_PAGE_SIZE) });
  if (status) query.set('status', status);
  if (q) query.set('q', q);
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  if (before) query.set('before', before);
  return apiJson<unknown>(`/api/admin/orders?${query.toString()}`).then((answer) =>
    adminOrderPageSchema.parse(answer),
  );
}

/** The pages read so far stay on screen while the filter's first page loads. */
export function useAdminOrders(filter: AdminOrdersFilter, { enabled = true } = {}) {
  return useInfiniteQuery(
    {
      queryKey: [
        ...adminOrdersQueryKey,
        filter.status ?? 'all',
        filter.q ?? '',
        filter.from ?? '',
        filter.to ?? '',
      ],
      queryFn: ({ pageParam }) => getAdminOrders(filter, pageParam || undefined),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextBefore ?? undefined,
      placeholderData: keepPreviousData,
      staleTime: 0,
      enabled,
    },
    queryClient,
  );
}
