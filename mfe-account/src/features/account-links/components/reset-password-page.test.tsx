import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { accountMessages } from '@shop/contracts/accounts';
import { json, renderPage, setupShopTests } from '@shop/ui/testing';
import { ResetPasswordPage } from './reset-password-page';

const currentFetch = setupShopTests();
const TOKEN = 'A'.repeat(43);

describe('ResetPasswordPage', () => {
  it('says on opening that a used or invalid link cannot set a password, without the form', async () => {
    currentFetch().mockResolvedValueOnce(json({ message: accountMessages.resetLinkInvalid }, 400));
    renderPage(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
    expect(
      await screen.findByRole('heading', { name: accountMessages.resetLinkInvalid }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set New Password' })).not.toBeInTheDocument();
    expect(currentFetch()).toHaveBeenCalledTimes(1);
    expect(currentFetch().mock.calls[0]?.[0]).toBe(`/api/auth/reset-password?token=${TOKEN}`);
    expect(currentFetch().mock.calls[0]?.[1]?.method ?? 'GET').toBe('GET');
  });

  it('shows the form once the link is known to be good', async () => {
    currentFetch().mockResolvedValueOnce(json({ valid: true }));
    renderPage(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
    expect(await screen.findByRole('button', { name: 'Set New Password' })).toBeInTheDocument();
    expect(screen.queryByText(accountMessages.resetLinkInvalid)).not.toBeInTheDocument();
  });

  it('still offers the form when the check itself failed (the reset then says what is wrong)', async () => {
    currentFetch().mockResolvedValueOnce(
      json({ message: 'Too many password reset requests' }, 429),
    );
    renderPage(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
    expect(await screen.findByRole('button', { name: 'Set New Password' })).toBeInTheDocument();
  });
});
