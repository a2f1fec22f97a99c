import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useShopStore } from 'shell/store';
import { TEST_USER, json, renderPage, setupShopTests } from '@shop/ui/testing';
import { AdminGate } from './admin-gate';

const currentFetch = setupShopTests();

function renderGate() {
  return renderPage(
    <AdminGate>
      <p>Secret admin things</p>
    </AdminGate>,
  );
}

describe('AdminGate', () => {
  it('shows a checking state until it is known who is signed in', () => {
    renderGate();
    expect(screen.getByRole('status')).toHaveTextContent('Checking access…');
    expect(screen.queryByText('Secret admin things')).not.toBeInTheDocument();
  });

  it('shows a checking state while the admin status is asked', () => {
    currentFetch().mockReturnValueOnce(new Promise(() => {}));
    useShopStore.getState().setUser(TEST_USER);
    renderGate();
    expect(screen.getByRole('status')).toHaveTextContent('Checking access…');
    expect(currentFetch().mock.calls[0]?.[0]).toBe('/api/admin/status');
  });

  it('denies a guest and offers to sign in', async () => {
    useShopStore.getState().setUser(null);
    renderGate();
    expect(screen.getByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(useShopStore.getState().authDialog.open).toBe(true);
    expect(currentFetch()).not.toHaveBeenCalled();
  });

  it('denies a signed-in customer the status says is not an admin, pointing to admin setup', async () => {
    currentFetch().mockResolvedValueOnce(json({ isAdmin: false }));
    useShopStore.getState().setUser(TEST_USER);
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Admin Setup' })).toHaveAttribute(
      'href',
      '/admin-setup',
    );
    expect(screen.queryByText('Secret admin things')).not.toBeInTheDocument();
  });

  it('denies when the status call is refused', async () => {
    currentFetch().mockResolvedValueOnce(json({ message: 'Please sign in' }, 401));
    useShopStore.getState().setUser(TEST_USER);
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
  });

  it('lets an admin in', async () => {
    currentFetch().mockResolvedValueOnce(json({ isAdmin: true }));
    useShopStore.getState().setUser({ ...TEST_USER, isAdmin: true });
    renderGate();
    expect(await screen.findByText('Secret admin things')).toBeInTheDocument();
    expect(screen.queryByText('Access denied')).not.toBeInTheDocument();
  });

  it('trusts the server over the store: an isAdmin user the server refuses stays outside', async () => {
    currentFetch().mockResolvedValueOnce(json({ isAdmin: false }));
    useShopStore.getState().setUser({ ...TEST_USER, isAdmin: true });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
  });
});
