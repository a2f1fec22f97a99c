import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useShopStore } from 'shell/store';
import { accountMessages } from '@shop/contracts/account-messages';
import { TEST_USER, json, lastToast, renderPage, sentBody, setupShopTests } from '@shop/ui/testing';
import { theme } from '@shop/ui';
import { AccountPage } from './account-page';

const currentFetch = setupShopTests();

it('offers no sign-in while the shell still asks who is signed in, then shows the details', async () => {
  useShopStore.setState({ user: null, authChecked: false });
  renderPage(<AccountPage />, { path: '/account' });
  expect(screen.getByRole('status', { name: 'Checking your account' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /sign in/i })).not.toBeInTheDocument();

  act(() => useShopStore.getState().setUser(TEST_USER));
  expect(await screen.findByLabelText(/^Company/)).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Checking your account' })).not.toBeInTheDocument();
});

it('signed out, says nothing about details a visitor has not got, and offers Sign In and Create Account', async () => {
  useShopStore.getState().setUser(null);
  renderPage(<AccountPage />, { path: '/account' });
  expect(screen.getByRole('heading', { name: 'Sign in to see your account' })).toBeInTheDocument();
  expect(screen.queryByText('Your details fill in checkout for you.')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  expect(useShopStore.getState().authDialog).toEqual({ open: true, tab: 'create-account' });
});

it('signed in, says what the details are for', async () => {
  useShopStore.getState().setUser(TEST_USER);
  renderPage(<AccountPage />, { path: '/account' });
  expect(await screen.findByText('Your details fill in checkout for you.')).toBeVisible();
});

it('names Find your order as a link, where the orders of a deleted account are found', async () => {
  useShopStore.getState().setUser(TEST_USER);
  renderPage(<AccountPage />, { path: '/account' });
  const card = await screen.findByRole('region', { name: 'Delete account' });
  expect(within(card).getByRole('link', { name: 'Find your order' })).toHaveAttribute(
    'href',
    '/orders/lookup',
  );
});

it("says a failed new confirmation link under the notice, not inside the notice's paragraph", async () => {
  useShopStore.getState().setUser({ ...TEST_USER, emailConfirmed: false });
  renderPage(<AccountPage />, { path: '/account' });
  currentFetch().mockResolvedValueOnce(json({ message: 'Too many requests' }, 429));
  await userEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Too many requests');
  // A paragraph holds no paragraph (HTML): the notice's text, button and error are in a block.
  expect(alert.parentElement?.closest('p')).toBeNull();
});

describe('deleting the account', () => {
  async function openDialog() {
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<AccountPage />, { path: '/account' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await waitFor(() => expect(within(dialog).getByLabelText('Current password')).toHaveFocus());
    return dialog;
  }

  it('sends the current password; a refusal is shown in the dialog and the customer stays signed in', async () => {
    const dialog = await openDialog();
    currentFetch().mockResolvedValueOnce(json({ message: accountMessages.ordersInProgress }, 409));
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'correct horse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      accountMessages.ordersInProgress,
    );
    expect(sentBody(currentFetch())).toEqual({ currentPassword: 'correct horse' });
    expect(currentFetch().mock.calls.at(-1)?.[0]).toBe('/api/account/delete');
    expect(useShopStore.getState().user).toEqual(TEST_USER);
  });

  it('once deleted, signs this browser out, says so and goes home', async () => {
    const dialog = await openDialog();
    currentFetch().mockResolvedValueOnce(new Response(null, { status: 204 }));
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'correct horse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(useShopStore.getState().user).toBeNull());
    expect(lastToast()?.title).toBe(accountMessages.accountDeleted);
    expect(window.location.pathname).toBe('/');
  });

  it('is not offered to an admin', async () => {
    useShopStore.getState().setUser({ ...TEST_USER, isAdmin: true });
    renderPage(<AccountPage />, { path: '/account' });
    expect(await screen.findByLabelText(/^Company/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Account…' })).not.toBeInTheDocument();
  });
});

describe('the details form', () => {
  it("draws a field's problem and its hint as the kit does (red, muted), not as the cards' notes", async () => {
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<AccountPage />, { path: '/account' });
    const firstName = await screen.findByLabelText('First name');
    await userEvent.clear(firstName);
    await userEvent.click(screen.getByRole('button', { name: 'Save Details' }));
    await waitFor(() => expect(firstName).toHaveAttribute('aria-invalid', 'true'));
    const describing = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby')!)!;
    const error = describing(firstName);
    const hint = describing(screen.getByLabelText(/^Address/));
    expect(error).toHaveTextContent('First name is required');
    expect(error).toHaveStyle({ color: theme.colors.danger, marginBottom: '0px' });
    expect(hint).toHaveStyle({ color: theme.colors.subtle, marginBottom: '0px' });
  });
});
