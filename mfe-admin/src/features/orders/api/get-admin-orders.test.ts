import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from 'shell/store';
import { setupShopTests } from '@shop/ui/testing';
import { customersQueryKey } from '../../../lib/admin-query-key';
import { adminOrdersQueryKey, readOrdersAgain } from './get-admin-orders';

setupShopTests();

describe('readOrdersAgain', () => {
  it("reads again the order lists and a customer's orders on screen (an order opened from Customers)", async () => {
    const reads = { orders: 0, customer: 0 };
    const watch = (queryKey: readonly unknown[], counted: keyof typeof reads) =>
      new QueryObserver(queryClient, {
        queryKey,
        queryFn: async () => ++reads[counted],
      }).subscribe(() => {});
    const stops = [
      watch([...adminOrdersQueryKey, 'list'], 'orders'),
      watch([...customersQueryKey, 'detail', 'c1'], 'customer'),
    ];
    await vi.waitFor(() => expect(reads).toEqual({ orders: 1, customer: 1 }));

    await readOrdersAgain();
    expect(reads).toEqual({ orders: 2, customer: 2 });
    for (const stop of stops) stop();
  });
});
