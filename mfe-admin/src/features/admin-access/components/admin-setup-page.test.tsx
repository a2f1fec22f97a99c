import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { useShopStore } from 'shell/store';
import { TEST_USER, json, lastToast, renderPage, sentBody, setupShopTests } from '@shop/ui/testing';
import { ADMIN_REDIRECT_DELAY_MS, AdminSetupPage } from './admin-setup-page';

const currentFetch = setupShopTests();

function renderSetup() {
  renderPage(
    <Routes>
      <Route path="/admin-setup" element={<AdminSetupPage />} />
      <Route path="/admin" element={<h1>Admin Panel</h1>} />
    </Routes>,
    { path: '/admin-setup' },
  );
}

describe('AdminSetupPage', () => {
  it('asks a guest to log in first', async () => {
    useShopStore.getState().setUser(null);
    renderSetup();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Setup' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Please log in first' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Admin secret key')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(useShopStore.getState().authDialog).toEqual({ open: true, tab: 'sign-in' });
  });

  it('says attempts are rate-limited to 3 per 15 minutes and logged', () => {
    useShopStore.getState().setUser(TEST_USER);
    renderSetup();
    expect(
      screen.getByText(/rate-limited to 3 attempts per 15\s+minutes, and every attempt is logged/),
    ).toBeInTheDocument();
  });

  it('asks for the secret when it is empty', async () => {
    useShopStore.getState().setUser(TEST_USER);
    renderSetup();
    await userEvent.click(screen.getByRole('button', { name: 'Grant Admin Access' }));
    expect(screen.getByLabelText('Admin secret key')).toHaveAccessibleDescription(
      'Please enter the admin secret key',
    );
    expect(currentFetch()).not.toHaveBeenCalled();
  });

  it('sends the secret in the body and as a bearer token, refreshes the user, then goes to /admin after 2 seconds', async () => {
    const admin = { ...TEST_USER, isAdmin: true };
    currentFetch()
      .mockResolvedValueOnce(json({ success: true, isAdmin: true, user: admin }))
      .mockResolvedValueOnce(json(admin));
    useShopStore.getState().setUser(TEST_USER);
    renderSetup();
    await userEvent.type(screen.getByLabelText('Admin secret key'), 'the-secret');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Grant Admin Access' }));

      await screen.findByText(/Admin access granted. Taking you to the admin panel/);
      const [path, init] = currentFetch().mock.calls[0]!;
      expect(path).toBe('/api/admin/make-admin');
      expect(sentBody(currentFetch(), 0)).toEqual({ secret: 'the-secret' });
      expect(init?.headers).toMatchObject({ Authorization: 'Bearer the-secret' });
      expect(currentFetch().mock.calls[1]?.[0]).toBe('/api/auth/me');
      expect(lastToast()).toMatchObject({ title: 'Admin access granted' });
      expect(useShopStore.getState().user).toEqual(admin);
      expect(
        screen.queryByRole('heading', { level: 1, name: 'Admin Panel' }),
      ).not.toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(ADMIN_REDIRECT_DELAY_MS));
      expect(screen.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says Failed to grant admin access: Invalid admin secret or authentication required', async () => {
    currentFetch().mockResolvedValueOnce(json({ message: 'Invalid admin secret' }, 403));
    useShopStore.getState().setUser(TEST_USER);
    renderSetup();
    await userEvent.type(screen.getByLabelText('Admin secret key'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Grant Admin Access' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        variant: 'destructive',
        title: 'Failed to grant admin access',
        description: 'Invalid admin secret or authentication required',
      }),
    );
    expect(useShopStore.getState().user).toEqual(TEST_USER);
  });

  it('passes on the server’s words once the attempts are used up', async () => {
    currentFetch().mockResolvedValueOnce(
      json(
        { message: 'Too many attempts: at most 3 every 15 minutes. Please try again later.' },
        429,
      ),
    );
    useShopStore.getState().setUser(TEST_USER);
    renderSetup();
    await userEvent.type(screen.getByLabelText('Admin secret key'), 'again');
    await userEvent.click(screen.getByRole('button', { name: 'Grant Admin Access' }));
    await waitFor(() => expect(lastToast()?.description).toMatch(/Too many attempts/));
  });
});
