import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useShopStore } from 'shell/store';
import { TEST_USER, renderPage, setupShopTests } from '@shop/ui/testing';
import { OrderLookupPage } from './order-lookup-page';

setupShopTests();

describe('OrderLookupPage', () => {
  it('tells a shopper signed out that an account’s orders are under Orders once signed in', () => {
    useShopStore.getState().setUser(null);
    renderPage(<OrderLookupPage />);
    expect(
      screen.getByText(/An order placed in your account is under Orders once you sign in\./),
    ).toBeInTheDocument();
  });

  it('links a signed-in customer to their orders, without asking them to sign in', () => {
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrderLookupPage />);
    expect(screen.queryByText(/once you sign in/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
  });
});
