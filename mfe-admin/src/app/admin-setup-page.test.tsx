import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient, useShopStore } from 'shell/store';
import { TEST_USER, renderPage, setupShopTests, stubApi } from '@shop/ui/testing';
import { adminStatusQueryKey } from '../lib/admin-query-key';
import { discountCodesQueryKey } from '../features/discount-codes/api/get-discount-codes';
import AdminSetupRoute from './admin-setup-page';

setupShopTests();

describe('the admin setup page as the shell mounts it', () => {
  it('fetches what the admin panel first shows while it waits to go there', async () => {
    const admin = { ...TEST_USER, isAdmin: true };
    const calls = stubApi({
      'POST /api/admin/make-admin': { json: { success: true, isAdmin: true, user: admin } },
      'GET /api/auth/me': { json: admin },
      'GET /api/admin/status': { json: { isAdmin: true } },
      'GET /api/admin/discount-codes': { json: [] },
    });
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<AdminSetupRoute />, { path: '/admin-setup' });
    await userEvent.type(screen.getByLabelText('Admin secret key'), 'the-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Grant Admin Access' }));
    await screen.findByText(/Admin access granted. Taking you to the admin panel/);

    await waitFor(() => {
      expect(queryClient.getQueryData(adminStatusQueryKey(admin.id))).toEqual({ isAdmin: true });
      expect(queryClient.getQueryData(discountCodesQueryKey)).toEqual([]);
    });
    expect(calls.map((call) => call.key)).toEqual(
      expect.arrayContaining(['GET /api/admin/status', 'GET /api/admin/discount-codes']),
    );
    // Still on the setup page: the product's 2 seconds before the redirect are kept.
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-setup');
  });
});
