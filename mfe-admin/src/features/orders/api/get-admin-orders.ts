import { adminOrderPageSchema } from '@shop/contracts/admin-answers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminOrderPage } from '@shop/contracts/admin';
import type { AdminOrder, OrderStatus } from '@shop/contracts/orders';
import { apiJson, queryClient } from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';

export type { AdminOrder, AdminOrderPage, OrderStatus };

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const adminOrdersQueryKey = [...adminQueryKey, 'orders'] as const;

export interface AdminOrdersFilter {
  page: number;
  status?: OrderStatus | undefined;
  /** An order number, or part of an email or name. */
  q?: string | undefined;
  /** YYYY-MM-DD, the shop's time zone. */
  from?: string | undefined;
  to?: string | undefined;
}

/** GET /api/admin/orders: one page of the paid orders (or of one status), newest first. */
export async function getAdminOrders({
  page,
  status,
  q,
  from,
  to,
}: AdminOrdersFilter): Promise<AdminOrderPage> {
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(ADMIN_ORDERS_PAGE_SIZE),
  });
  if (status) query.set('status', status);
  if (q) query.set('q', q);
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return apiJson<unknown>(`/api/admin/orders?${query.toString()}`).then((answer) =>
    adminOrderPageSchema.parse(answer),
  );
}

/** The page shown stays on screen while the next one loads. */
export function useAdminOrders(filter: AdminOrdersFilter) {
  return useQuery(
    {
      queryKey: [
        ...adminOrdersQueryKey,
        filter.status ?? 'all',
        filter.q ?? '',
        filter.from ?? '',
        filter.to ?? '',
        filter.page,
      ],
      queryFn: () => getAdminOrders(filter),
      placeholderData: keepPreviousData,
      staleTime: 0,
    },
    queryClient,
  );
}
