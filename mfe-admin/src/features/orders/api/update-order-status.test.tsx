import { expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { SAMPLE_ADMIN_ORDER } from '@shop/contracts/testing';
import { json, lastToast, setupShopTests } from '@shop/ui/testing';
import { useUpdateOrderStatus } from './update-order-status';

const currentFetch = setupShopTests();

it('when a shipped order is marked completed, then the toast names its state as the admin’s badges do (Completed), not by its raw value', async () => {
  const shipped = { ...SAMPLE_ADMIN_ORDER, status: 'shipped' as const };
  currentFetch().mockResolvedValue(json({ ...shipped, status: 'completed' }));
  const { result } = renderHook(() => useUpdateOrderStatus());
  await act(async () => {
    await result.current.mutateAsync({ order: shipped, status: 'completed' });
  });
  expect(lastToast()).toMatchObject({
    title: 'Order updated',
    description: 'Order #1001 is now Completed.',
  });
});
