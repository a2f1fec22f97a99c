import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useParams } from 'react-router-dom';
import { renderPage, resetShop } from '@shop/ui/testing';
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
    expect(screen.getByText(/A confirmation email has been sent to/)).toHaveTextContent(
      'ada@example.com',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/confirmation/66bb00000000000000000001',
    );
    expect(sessionStorage.getItem('last-order')).toBeNull();
  });
});
