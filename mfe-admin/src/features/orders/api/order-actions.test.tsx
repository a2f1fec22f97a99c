import { expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { SAMPLE_ADMIN_ORDER } from '@shop/contracts/testing';
import { queryClient } from 'shell/store';
import { json, lastToast, setupShopTests } from '@shop/ui/testing';
import { adminOrdersQueryKey } from './get-admin-orders';
import { useCancelOrder } from './order-actions';

const currentFetch = setupShopTests();

it('when another admin moved the order first, then the refusal is told and the order is read again', async () => {
  queryClient.setQueryData([...adminOrdersQueryKey, 'detail', SAMPLE_ADMIN_ORDER.id], {
    order: SAMPLE_ADMIN_ORDER,
  });
  currentFetch().mockResolvedValueOnce(json({ message: 'This order is already shipped' }, 409));
  const { result } = renderHook(() => useCancelOrder());
  await act(async () => {
    await result.current
      .mutateAsync({ id: SAMPLE_ADMIN_ORDER.id, input: { refundAmount: 1, reason: '' } })
      .catch(() => {});
  });
  expect(lastToast()).toMatchObject({
    title: 'Could not cancel the order',
    description: 'This order is already shipped',
  });
  await waitFor(() =>
    expect(
      queryClient.getQueryState([...adminOrdersQueryKey, 'detail', SAMPLE_ADMIN_ORDER.id])
        ?.isInvalidated,
    ).toBe(true),
  );
});
