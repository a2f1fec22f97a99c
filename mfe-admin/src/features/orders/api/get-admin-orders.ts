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
}

/** GET /api/admin/orders?page=&pageSize=&status=: one page of every order, newest first. */
export async function getAdminOrders({ page, status }: AdminOrdersFilter): Promise<AdminOrderPage> {
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(ADMIN_ORDERS_PAGE_SIZE),
  });
  if (status) query.set('status', status);
  return apiJson<AdminOrderPage>(`/api/admin/orders?${query.toString()}`);
}

/** The page shown stays on screen while the next one loads. */
export function useAdminOrders(filter: AdminOrdersFilter) {
  return useQuery(
    {
      queryKey: [...adminOrdersQueryKey, filter.status ?? 'all', filter.page],
      queryFn: () => getAdminOrders(filter),
      placeholderData: keepPreviousData,
      staleTime: 0,
    },
    queryClient,
  );
}
