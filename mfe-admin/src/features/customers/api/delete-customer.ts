import { useMutation } from '@tanstack/react-query';
import { apiRequest, queryClient, toast } from 'shell/store';
import { customersQueryKey, type Customer } from './get-customers';
import { toastFailure } from '../../../lib/toast-failure';
import { readAgain } from '@shop/ui/read-again';

/** DELETE /api/admin/customers/{id}: refused (403) for admin accounts. */
export async function deleteCustomer(customer: Customer): Promise<void> {
  await apiRequest(`/api/admin/customers/${encodeURIComponent(customer.id)}`, { method: 'DELETE' });
}

export function useDeleteCustomer({ onDeleted }: { onDeleted?: () => void } = {}) {
  return useMutation(
    {
      mutationFn: deleteCustomer,
      onSuccess: async (_answer, customer) => {
        toast({ title: 'Customer deleted', description: `${customer.email} was removed.` });
        await readAgain(customersQueryKey);
        onDeleted?.();
      },
      onError: toastFailure('Delete failed'),
    },
    queryClient,
  );
}
