import { expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_USER, json, lastToast, renderPage, setupShopTests } from '@shop/ui/testing';
import { useShopStore } from 'shell/store';
import { ConfirmEmailPage } from '../components/confirm-email-page';
import { ResetPasswordPage } from '../components/reset-password-page';
import { SCHEMAS_NOT_LOADED } from '../../../lib/schemas-not-loaded';

// The connection dropped before the pages' schemas arrived: nothing is sent, and the pages say so.
vi.mock('./schemas', () => Promise.reject(new Error('Loading chunk failed')));

const currentFetch = setupShopTests();
const TOKEN = 'A'.repeat(43);

it('the reset page says its form could not be loaded and sends no new password', async () => {
  currentFetch().mockResolvedValueOnce(json({ valid: true }));
  const user = userEvent.setup();
  renderPage(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
  await user.type(await screen.findByLabelText('New password'), 'new-pass-1');
  await user.type(screen.getByLabelText('Confirm new password'), 'new-pass-1');
  await user.click(screen.getByRole('button', { name: 'Set New Password' }));
  await waitFor(() =>
    expect(lastToast()).toMatchObject({
      variant: 'destructive',
      title: 'Password not set',
      description: SCHEMAS_NOT_LOADED,
    }),
  );
  expect(currentFetch()).toHaveBeenCalledTimes(1); // the link's check only
});

it('the confirmation page sends nothing and does not call a good link invalid', async () => {
  // The page confirms for the customer signed in.
  useShopStore.getState().setUser(TEST_USER);
  renderPage(<ConfirmEmailPage />, { path: `/confirm-email?token=${TOKEN}` });
  expect(
    await screen.findByRole('heading', { name: 'Your email could not be confirmed just now' }),
  ).toBeInTheDocument();
  expect(screen.getByText('Please check your connection and open the link again.')).toBeVisible();
  expect(screen.queryByText(/invalid, expired or already used/)).not.toBeInTheDocument();
  expect(currentFetch()).not.toHaveBeenCalled();
});
