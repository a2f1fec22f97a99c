import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient, useShopStore } from 'shell/store';
import { TEST_USER, setupShopTests } from '@shop/ui/testing';
import { adminStatusQueryKey } from './admin-query-key';
import { useShopTimeZone } from './shop-time-zone';

setupShopTests();

function Zone() {
  return <p>{useShopTimeZone() ?? 'browser'}</p>;
}

describe('useShopTimeZone', () => {
  it("follows the admin status in the cache: the browser's zone until it answers, then the shop's", () => {
    act(() => useShopStore.getState().setUser({ ...TEST_USER, isAdmin: true }));
    render(<Zone />);
    expect(screen.getByText('browser')).toBeInTheDocument();
    act(() =>
      queryClient.setQueryData(adminStatusQueryKey(TEST_USER.id), {
        isAdmin: true,
        timeZone: 'America/New_York',
      }),
    );
    expect(screen.getByText('America/New_York')).toBeInTheDocument();
  });
});
