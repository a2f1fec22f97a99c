import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { ApiError, cartQueryKey, ordersQueryKey, queryClient, useShopStore } from 'shell/store';
import { cartResponseSchema, totalChangedMessage } from '@shop/contracts';
import { installFakePayments } from '../../../testing/fake-payments';
import { lastToast, resetShop, stubApi } from '@shop/ui/testing';
import { cartAnswer } from '../../../testing/fixtures';
import { validateCheckout, type CheckoutValues } from './use-checkout-form';
import { paymentFailureOf, usePlaceOrder, type Checkout } from './use-place-order';

beforeEach(() => {
  resetShop();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const values: CheckoutValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '312 555 0100',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  street: '120 Main St',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60601',
  notes: '',
  skipProof: '',
};
const checkout = ((await validateCheckout(values)) as { ok: true; checkout: Checkout }).checkout;
const ORDER_ID = '66bb00000000000000000001';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>{children}</BrowserRouter>
    </QueryClientProvider>
  );
}

function renderPlaceOrder() {
  const { card } = installFakePayments();
  window.history.replaceState(null, '', '/checkout');
  const cart = cartResponseSchema.parse(cartAnswer());
  const hook = renderHook(
    () => ({ ...usePlaceOrder({ cart, card, settleMs: 0 }), pathname: useLocation().pathname }),
    { wrapper },
  );
  return { card, hook };
}

describe('placing and paying for an order', () => {
  it("shows a declined card's reason, keeps the cart, and pays the same order on retry", async () => {
    useShopStore.setState({ cart: { itemCount: 2, subtotal: 10.4, total: 10.4 } });
    let declined = true;
    const calls = stubApi({
      'POST /api/orders': {
        status: 201,
        json: { orderId: ORDER_ID, orderNumber: 1001, total: 20.95 },
      },
      'POST /api/payment/complete': () =>
        declined
          ? { status: 402, json: { message: 'Card declined: insufficient funds' } }
          : {
              json: {
                success: true,
                orderId: ORDER_ID,
                orderNumber: 1001,
                total: 20.95,
                paymentId: 'pay_1',
              },
            },
    });
    const { hook } = renderPlaceOrder();

    await act(() => hook.result.current.placeOrder(checkout));
    expect(hook.result.current.failure).toEqual({
      title: 'Payment Failed',
      description: 'Card declined: insufficient funds',
    });
    expect(lastToast()).toMatchObject({
      title: 'Payment Failed',
      description: 'Card declined: insufficient funds',
      variant: 'destructive',
    });
    expect(hook.result.current.pathname).toBe('/checkout');
    expect(useShopStore.getState().cart.itemCount).toBe(2);
    expect(sessionStorage.getItem('last-order')).toBeNull();

    // What the pages had read: the order history, the quote and the cart with tax for this ZIP.
    queryClient.setQueryData(ordersQueryKey, []);
    queryClient.setQueryData(['cart', 'quote', '60601', 2], { total: 20.95 });
    queryClient.setQueryData(['cart', 'zip', '60601'], cartResponseSchema.parse(cartAnswer()));
    declined = false;
    await act(() => hook.result.current.placeOrder(checkout));
    expect(calls.filter((c) => c.path === '/api/orders')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/api/payment/complete')).toHaveLength(2);
    expect(hook.result.current.failure).toBeNull();
    expect(hook.result.current.pathname).toBe(`/confirmation/${ORDER_ID}`);
    expect(useShopStore.getState().cart).toEqual({ itemCount: 0, subtotal: 0, total: 0 });
    expect(queryClient.getQueryState(ordersQueryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(['cart', 'quote', '60601', 2])).toBeUndefined();
    expect(queryClient.getQueryData(['cart', 'zip', '60601'])).toBeUndefined();
    expect(calls.filter((c) => c.path === '/api/checkout/quote')).toHaveLength(0);
  });

  it('asks for the order at the total the page shows; refused because the cart changed, charges nothing and reads the cart again', async () => {
    const changed = totalChangedMessage('$14.87');
    const calls = stubApi({ 'POST /api/orders': { status: 409, json: { message: changed } } });
    const { card } = installFakePayments();
    const cart = cartResponseSchema.parse(cartAnswer());
    queryClient.setQueryData(cartQueryKey, cart);
    const hook = renderHook(() => usePlaceOrder({ cart, card, expectedTotal: 8.39, settleMs: 0 }), {
      wrapper,
    });
    await act(() => hook.result.current.placeOrder(checkout));
    expect(calls.find((c) => c.path === '/api/orders')?.body).toMatchObject({
      expectedTotal: 8.39,
    });
    expect(hook.result.current.failure).toEqual({ title: 'Payment Failed', description: changed });
    expect(card.tokenize).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.path === '/api/payment/complete')).toHaveLength(0);
    expect(queryClient.getQueryState(cartQueryKey)?.isInvalidated).toBe(true);
  });

  it('makes a new order when the details changed since the declined attempt', async () => {
    const calls = stubApi({
      'POST /api/orders': {
        status: 201,
        json: { orderId: ORDER_ID, orderNumber: 1001, total: 20.95 },
      },
      'POST /api/payment/complete': { status: 402, json: { message: 'Card declined' } },
    });
    const { hook } = renderPlaceOrder();
    await act(() => hook.result.current.placeOrder(checkout));
    const moved = (
      (await validateCheckout({ ...values, city: 'New York', state: 'NY', zipCode: '10001' })) as {
        ok: true;
        checkout: Checkout;
      }
    ).checkout;
    await act(() => hook.result.current.placeOrder(moved));
    expect(calls.filter((c) => c.path === '/api/orders')).toHaveLength(2);
  });

  it("shows the provider's tokenization errors, or the default, and never charges", async () => {
    const calls = stubApi({
      'POST /api/orders': {
        status: 201,
        json: { orderId: ORDER_ID, orderNumber: 1001, total: 20.95 },
      },
    });
    const { card, hook } = renderPlaceOrder();
    card.tokenize.mockResolvedValueOnce({
      status: 'Invalid',
      errors: [{ message: 'Card number is not valid.' }, { message: 'CVV is required.' }],
    });
    await act(() => hook.result.current.placeOrder(checkout));
    expect(lastToast()).toMatchObject({
      title: 'Payment Failed',
      description: 'Card number is not valid. CVV is required.',
    });

    card.tokenize.mockResolvedValueOnce({ status: 'Error', errors: [] });
    await act(() => hook.result.current.placeOrder(checkout));
    expect(lastToast()).toMatchObject({
      title: 'Payment Failed',
      description: 'Payment tokenization failed',
    });
    expect(calls.some((c) => c.path === '/api/payment/complete')).toBe(false);
  });

  it('falls back to the general payment error when the shop cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { hook } = renderPlaceOrder();
    await act(() => hook.result.current.placeOrder(checkout));
    expect(lastToast()).toMatchObject({
      title: 'Payment Error',
      description: 'There was an issue processing your payment. Please try again.',
    });
  });
});

describe('paymentFailureOf', () => {
  it("reads the API's message, else the thrown message, else the spec's default", () => {
    expect(
      paymentFailureOf(
        new ApiError(
          409,
          JSON.stringify({ message: 'The discount code SAVE10 can no longer be used' }),
          { message: 'The discount code SAVE10 can no longer be used' },
        ),
      ),
    ).toEqual({
      title: 'Payment Failed',
      description: 'The discount code SAVE10 can no longer be used',
    });
    expect(paymentFailureOf(new ApiError(502, 'Bad Gateway'))).toEqual({
      title: 'Payment Error',
      description: 'There was an issue processing your payment. Please try again.',
    });
    expect(paymentFailureOf(new Error('Card form closed'))).toEqual({
      title: 'Payment Failed',
      description: 'Card form closed',
    });
    expect(paymentFailureOf(new Error(''))).toEqual({
      title: 'Payment Failed',
      description: 'Payment processing failed. Please try again.',
    });
  });
});
