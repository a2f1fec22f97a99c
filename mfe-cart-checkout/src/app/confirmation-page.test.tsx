import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useShopStore } from 'shell/store';
import { useParams } from 'react-router-dom';
import { TEST_USER, renderPage, resetShop } from '@shop/ui/testing';
import ConfirmationPage from './confirmation-page';

beforeEach(resetShop);

/** As the shell mounts it: the order id from /confirmation/:orderId as a prop. */
function ShellRoute() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  return <ConfirmationPage orderId={orderId} />;
}

const lastOrder = {
  orderId: '66bb00000000000000000001',
  orderNumber: 1001,
  total: 20.95,
  email: 'ada@example.com',
};

describe('confirmation page', () => {
  it('sends the shopper home when there is no order data', () => {
    renderPage(<ShellRoute />, {
      path: '/confirmation/66bb00000000000000000001',
      routePath: '/confirmation/:orderId',
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByText('Thank you for your order!')).not.toBeInTheDocument();
  });

  it('sends the shopper home when the kept order is for another order', () => {
    sessionStorage.setItem(
      'last-order',
      JSON.stringify({ ...lastOrder, orderId: '66bb00000000000000000009' }),
    );
    renderPage(<ShellRoute />, {
      path: '/confirmation/66bb00000000000000000001',
      routePath: '/confirmation/:orderId',
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('thanks the shopper with the order number, total, next steps and email notice, then forgets the data', () => {
    sessionStorage.setItem('last-order', JSON.stringify(lastOrder));
    renderPage(<ShellRoute />, {
      path: '/confirmation/66bb00000000000000000001',
      routePath: '/confirmation/:orderId',
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Order Confirmed' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for your order!')).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('#1001');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$20.95');
    expect(screen.getByText(/Production: 3-5 business days/)).toBeInTheDocument();
    // A proof comes first, and the customer is told what to do with it.
    const steps = within(screen.getByRole('region', { name: 'What happens next' }));
    expect(steps.getAllByRole('listitem')[0]).toHaveTextContent(
      'Check and approve your proofWe email you a proof of each label. Check it on your order’s page, then approve it or tell us what to change: we engrave only after you approve.'.replace(
        '’',
        "'",
      ),
    );
    expect(screen.getByRole('link', { name: 'Review your proof' })).toHaveAttribute(
      'href',
      '/orders/1001',
    );
    expect(screen.getByText(/A confirmation email is on its way to/)).toHaveTextContent(
      'ada@example.com',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/confirmation/66bb00000000000000000001',
    );
    expect(sessionStorage.getItem('last-order')).toBeNull();
  });

  it('with the proof skipped, says the labels are engraved as ordered', () => {
    sessionStorage.setItem('last-order', JSON.stringify({ ...lastOrder, skipProof: true }));
    renderPage(<ShellRoute />, {
      path: '/confirmation/66bb00000000000000000001',
      routePath: '/confirmation/:orderId',
    });
    const steps = within(screen.getByRole('region', { name: 'What happens next' }));
    expect(steps.getAllByRole('listitem')[0]).toHaveTextContent(
      'You chose to skip the proof, so we engrave your labels exactly as ordered',
    );
    expect(screen.queryByText(/Check and approve your proof/)).not.toBeInTheDocument();
  });

  it('offers a guest an account with the details just entered, and says when the order joins it', async () => {
    const details = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '312 555 0100',
      company: 'Analytical Engines',
      address: '120 Main St, Chicago, IL',
      zipCode: '60601',
    };
    sessionStorage.setItem('last-order', JSON.stringify({ ...lastOrder, details }));
    renderPage(<ShellRoute />, {
      path: '/confirmation/66bb00000000000000000001',
      routePath: '/confirmation/:orderId',
    });
    const offer = screen.getByRole('region', { name: 'Keep track of this order with an account' });
    expect(offer).toHaveTextContent(
      'We email ada@example.com a link to confirm it; once you follow it, this order and any others you placed as a guest with that email appear in your order history.',
    );
    await userEvent.click(within(offer).getByRole('button', { name: 'Create an account' }));
    expect(useShopStore.getState().authDialog).toEqual({
      open: true,
      tab: 'create-account',
      prefill: { email: 'ada@example.com', ...details },
    });
  });

  it('offers no account to a signed-in customer', () => {
    useShopStore.getState().setUser(TEST_USER);
    sessionStorage.setItem('last-order', JSON.stringify({ ...lastOrder, signedIn: true }));
    renderPage(<ShellRoute />, {
      path: '/confirmation/66bb00000000000000000001',
      routePath: '/confirmation/:orderId',
    });
    expect(screen.queryByRole('button', { name: 'Create an account' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Order History' })).toBeInTheDocument();
  });

  it('after a guest creates an account here, says when the order joins the history, and offers no empty history', () => {
    useShopStore
      .getState()
      .setUser({ ...TEST_USER, email: lastOrder.email, emailConfirmed: false });
    sessionStorage.setItem('last-order', JSON.stringify({ ...lastOrder, signedIn: false }));
    renderPage(<ShellRoute />, {
      path: '/confirmation/66bb00000000000000000001',
      routePath: '/confirmation/:orderId',
    });
    expect(screen.getByTestId('guest-order-joins')).toHaveTextContent(
      `This order was placed as a guest: it joins your order history once ${lastOrder.email} is confirmed by the link we emailed there.`,
    );
    expect(screen.queryByRole('link', { name: 'View Order History' })).not.toBeInTheDocument();
  });

  it('after a guest signs in to another account, says the order stays a guest order and where to find it', () => {
    useShopStore.getState().setUser({ ...TEST_USER, email: 'someone.else@example.com' });
    sessionStorage.setItem('last-order', JSON.stringify({ ...lastOrder, signedIn: false }));
    renderPage(<ShellRoute />, {
      path: '/confirmation/66bb00000000000000000001',
      routePath: '/confirmation/:orderId',
    });
    expect(screen.getByTestId('guest-order-joins')).toHaveTextContent(
      'This order was placed as a guest, so it is not in this account’s order history.',
    );
    expect(screen.getByRole('link', { name: 'Find a guest order' })).toHaveAttribute(
      'href',
      '/orders/lookup',
    );
  });
});
