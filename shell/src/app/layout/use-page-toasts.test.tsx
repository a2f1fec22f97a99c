import { useEffect } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { toast } from 'shell/store';
import { renderPage } from '@shop/ui/testing';
import { resetShell } from '../../testing/shell-config';
import { Toaster } from '../../features/toasts/components/toaster';
import { usePageToasts } from './use-page-toasts';

const DECLINED = {
  variant: 'destructive',
  title: 'Payment Failed',
  description: 'Your card was declined. Please use a different card.',
} as const;

/** The checkout: a declined card, then the next one pays and the page goes to the confirmation. */
function CheckoutPage() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Checkout</h1>
      <button onClick={() => toast(DECLINED)}>Pay with a declined card</button>
      <button onClick={() => navigate('/confirmation/order-1')}>Pay with a good card</button>
    </>
  );
}

/** A page that has something wrong to tell as soon as it opens. */
function FailingPage() {
  useEffect(() => void toast({ variant: 'destructive', title: 'Payment Setup Error' }), []);
  return <h1>Failing</h1>;
}

function Shell() {
  usePageToasts();
  return (
    <>
      <nav>
        <Link to="/cart">Cart</Link>
        <Link to="/checkout">Checkout</Link>
        <Link to="/failing">Failing</Link>
      </nav>
      <Routes>
        <Route path="/cart" element={<h1>Cart</h1>} />
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/failing" element={<FailingPage />} />
        <Route path="/confirmation/:orderId" element={<h1>Thank you for your order!</h1>} />
      </Routes>
      <Toaster />
    </>
  );
}

beforeEach(() => resetShell());

describe('usePageToasts', () => {
  it('dismisses a declined payment’s toast once the next card paid and the confirmation shows', async () => {
    renderPage(<Shell />, { path: '/checkout' });
    await userEvent.click(screen.getByRole('button', { name: 'Pay with a declined card' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('Payment Failed');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with a good card' }));
    expect(screen.getByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('dismisses an error toast of the cart when the shopper goes on to the checkout', async () => {
    renderPage(<Shell />, { path: '/cart' });
    act(() => void toast({ variant: 'destructive', title: 'Discount code invalid' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('Discount code invalid');
    await userEvent.click(screen.getByRole('link', { name: 'Checkout' }));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('keeps a toast that stays true on the next page, and one the new page raised', async () => {
    renderPage(<Shell />, { path: '/cart' });
    act(() => void toast({ title: 'Item Removed' }));
    await userEvent.click(screen.getByRole('link', { name: 'Checkout' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('Item Removed');

    act(
      () => void toast({ variant: 'destructive', title: 'Address not saved', outlivesPage: true }),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('Address not saved');

    await userEvent.click(screen.getByRole('link', { name: 'Failing' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('Payment Setup Error');
  });
});
