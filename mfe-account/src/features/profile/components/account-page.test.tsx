import { expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useShopStore } from 'shell/store';
import { TEST_USER, renderPage, setupShopTests } from '@shop/ui/testing';
import { AccountPage } from './account-page';

setupShopTests();

it('offers no sign-in while the shell still asks who is signed in, then shows the details', async () => {
  useShopStore.setState({ user: null, authChecked: false });
  renderPage(<AccountPage />, { path: '/account' });
  expect(screen.getByRole('status', { name: 'Checking your account' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /sign in/i })).not.toBeInTheDocument();

  act(() => useShopStore.getState().setUser(TEST_USER));
  expect(await screen.findByLabelText(/^Company/)).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Checking your account' })).not.toBeInTheDocument();
});
