import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useShopStore } from 'shell/store';
import { accountMessages } from '@shop/contracts/accounts';
import { TEST_USER, json, renderPage, sentBody, setupShopTests } from '@shop/ui/testing';
import { ConfirmEmailPage } from './confirm-email-page';

const currentFetch = setupShopTests();
const TOKEN = 'A'.repeat(43);

// A customer signed in: the page confirms only for the account signed in.
beforeEach(() => useShopStore.getState().setUser(TEST_USER));

describe('ConfirmEmailPage', () => {
  it('confirms the link once and says how many earlier orders joined the account', async () => {
    currentFetch().mockResolvedValueOnce(
      json({ user: { ...TEST_USER, emailConfirmed: true }, joinedOrders: 2 }),
    );
    renderPage(<ConfirmEmailPage />, { path: `/confirm-email?token=${TOKEN}` });
    expect(
      await screen.findByText('2 earlier orders were added to your account.'),
    ).toBeInTheDocument();
    expect(currentFetch()).toHaveBeenCalledTimes(1);
    expect(currentFetch().mock.calls[0]?.[0]).toBe('/api/auth/confirm-email');
    expect(sentBody(currentFetch())).toEqual({ token: TOKEN });
  });

  it('signed out, asks to sign in and sends nothing; once signed in, confirms and the store says so', async () => {
    useShopStore.setState({ user: null, authChecked: true });
    renderPage(<ConfirmEmailPage />, { path: `/confirm-email?token=${TOKEN}` });
    expect(
      screen.getByRole('heading', { name: 'Sign in to confirm your email' }),
    ).toBeInTheDocument();
    expect(currentFetch()).not.toHaveBeenCalled();

    currentFetch().mockResolvedValueOnce(
      json({ user: { ...TEST_USER, emailConfirmed: true }, joinedOrders: 1 }),
    );
    act(() => useShopStore.getState().setUser({ ...TEST_USER, emailConfirmed: false }));
    expect(await screen.findByRole('heading', { name: /is confirmed$/ })).toBeInTheDocument();
    expect(screen.getByText('1 earlier order was added to your account.')).toBeInTheDocument();
    await waitFor(() => expect(useShopStore.getState().user?.emailConfirmed).toBe(true));
  });

  it('signed in to another account, says so and confirms nothing', async () => {
    currentFetch().mockResolvedValueOnce(
      json({ message: accountMessages.confirmationNeedsSignIn }, 401),
    );
    renderPage(<ConfirmEmailPage />, { path: `/confirm-email?token=${TOKEN}` });
    expect(
      await screen.findByRole('heading', { name: accountMessages.confirmationNeedsSignIn }),
    ).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`signed in as ${TEST_USER.email}`))).toBeInTheDocument();
    expect(useShopStore.getState().user?.emailConfirmed).not.toBe(true);
  });

  it('lets a long address in the heading wrap after its @ (no sideways scrolling on a phone)', async () => {
    const email = 'walker2-375-1796215859476@example.com';
    currentFetch().mockResolvedValueOnce(
      json({ user: { ...TEST_USER, email, emailConfirmed: true }, joinedOrders: 0 }),
    );
    renderPage(<ConfirmEmailPage />, { path: `/confirm-email?token=${TOKEN}` });
    const heading = await screen.findByRole('heading', { name: /is confirmed$/ });
    expect(heading).toHaveTextContent(`Your email ${email} is confirmed`);
    expect(heading.innerHTML).toContain('walker2-375-1796215859476@<wbr>example<wbr>.com');
    expect(heading).toHaveStyle({ overflowWrap: 'break-word' });
  });

  it('says the link does not work when it was used or has expired', async () => {
    currentFetch().mockResolvedValueOnce(
      json({ message: accountMessages.confirmationLinkInvalid }, 400),
    );
    renderPage(<ConfirmEmailPage />, { path: `/confirm-email?token=${TOKEN}` });
    expect(
      await screen.findByRole('heading', { name: accountMessages.confirmationLinkInvalid }),
    ).toBeInTheDocument();
  });
});
