import { adminCustomerListSchema } from '@shop/contracts/admin-answers';
import { useQuery } from '@tanstack/react-query';
import type { ShopUser } from '@shop/contracts';
import { apiJson, queryClient } from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';

/** A customer as the admin sees them: the client-visible user (never the password hash). */
export type Customer = ShopUser;

export const customersQueryKey = [...adminQueryKey, 'customers'] as const;

/** GET /api/admin/customers. */
export async function getCustomers(): Promise<Customer[]> {
  return apiJson<unknown>('/api/admin/customers').then((answer) =>
    adminCustomerListSchema.parse(answer),
  );
}

export function useCustomers() {
  return useQuery(
    { queryKey: customersQueryKey, queryFn: getCustomers, staleTime: 0 },
    queryClient,
  );
}
