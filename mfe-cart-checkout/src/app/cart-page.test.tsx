import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useShopStore } from 'shell/store';
import {
  cartAnswer,
  emptySession,
  lastToast,
  renderAt,
  resetShop,
  stubApi,
} from '../testing/render-page';
import CartPage from './cart-page';

beforeEach(resetShop);
afterEach(() => vi.unstubAllGlobals());

const ITEM_ID = '66aa00000000000000000001';
const session = { 'GET /api/cart/session': { json: emptySession } };

describe('cart page', () => {
  it('shows each item with its options, prices and the summary, and updates the header badge', async () => {
    stubApi({ 'GET /api/cart': { json: cartAnswer() }, ...session });
    renderAt('/cart', <CartPage />);

    const item = await screen.findByTestId('cart-item');
    expect(
      within(item).getByRole('heading', { name: 'Phenolic label, 3″ × 2″' }),
    ).toBeInTheDocument();
    for (const text of [
      'Black/White',
      'Adhesive backing',
      '“PUMP 3”',
      'artwork.pdf',
      '$5.20 each',
    ]) {
      expect(within(item).getByText(text)).toBeInTheDocument();
    }
    expect(within(item).getByTestId('cart-item-total')).toHaveTextContent('$10.40');
    const summary = screen.getByTestId('cart-summary');
    expect(within(summary).getByTestId('summary-subtotal')).toHaveTextContent(
      'Subtotal (2 items)$10.40',
    );
    expect(within(summary).getAllByText('Calculated at checkout')).toHaveLength(2);
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent('$10.40');
    expect(within(summary).getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    expect(useShopStore.getState().cart).toEqual({ itemCount: 2, subtotal: 10.4, total: 10.4 });
  });

  it('shows the empty state with a way to the configurator', async () => {
    stubApi({
      'GET /api/cart': { json: cartAnswer({ items: [], itemCount: 0, subtotal: 0, total: 0 }) },
      ...session,
    });
    renderAt('/cart', <CartPage />);
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configure a Label' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('says so when the cart cannot be read', async () => {
    stubApi({
      'GET /api/cart': { status: 500, json: { message: 'Internal server error' } },
      ...session,
    });
    renderAt('/cart', <CartPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch cart');
  });

  it('changes the quantity (never below 1) and refreshes the cart', async () => {
    let quantity = 1;
    const calls = stubApi({
      'GET /api/cart': () => ({
        json: cartAnswer({
          items: [{ ...cartAnswer().items[0], quantity, totalPrice: 5.2 * quantity }],
          itemCount: quantity,
        }),
      }),
      [`PUT /api/cart/${ITEM_ID}`]: (call) => {
        quantity = (call.body as { quantity: number }).quantity;
        return { json: { item: { ...cartAnswer().items[0], quantity } } };
      },
      ...session,
    });
    renderAt('/cart', <CartPage />);
    const decrease = await screen.findByRole('button', { name: /Decrease quantity/ });
    expect(decrease).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Increase quantity/ }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: /Quantity of/ })).toHaveTextContent('2'),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ quantity: 2 });
    expect(useShopStore.getState().cart.itemCount).toBe(2);
    expect(screen.getByRole('button', { name: /Decrease quantity/ })).toBeEnabled();
  });

  it('tells the shopper when a quantity change or removal fails', async () => {
    stubApi({
      'GET /api/cart': { json: cartAnswer() },
      [`PUT /api/cart/${ITEM_ID}`]: { status: 500, json: { message: 'Internal server error' } },
      [`DELETE /api/cart/${ITEM_ID}`]: { status: 500, json: { message: 'Internal server error' } },
      ...session,
    });
    renderAt('/cart', <CartPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Increase quantity/ }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        description: 'Failed to update quantity. Please try again.',
        variant: 'destructive',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: /^Remove Phenolic/ }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        description: 'Failed to remove item. Please try again.',
        variant: 'destructive',
      }),
    );
  });

  it('removes an item with an "Item Removed" toast', async () => {
    let removed = false;
    stubApi({
      'GET /api/cart': () => ({
        json: removed
          ? cartAnswer({ items: [], itemCount: 0, subtotal: 0, total: 0 })
          : cartAnswer(),
      }),
      [`DELETE /api/cart/${ITEM_ID}`]: () => {
        removed = true;
        return { json: { id: ITEM_ID } };
      },
      ...session,
    });
    renderAt('/cart', <CartPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Remove Phenolic/ }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Item Removed' }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(useShopStore.getState().cart.itemCount).toBe(0);
  });

  it('restores the discount saved in the cart session and takes it off the total', async () => {
    stubApi({
      'GET /api/cart': {
        json: cartAnswer({
          discount: { code: 'SAVE10', description: '10% off', amount: 1.04 },
          total: 9.36,
        }),
      },
      'GET /api/cart/session': {
        json: {
          discountCode: 'SAVE10',
          discountAmount: 1.04,
          discountData: { code: 'SAVE10', description: '10% off', type: 'percentage', value: 10 },
        },
      },
    });
    renderAt('/cart', <CartPage />);
    expect(await screen.findByTestId('applied-discount')).toHaveTextContent('SAVE10');
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('Discount (SAVE10)−$1.04');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$9.36');
    expect(useShopStore.getState().discount).toEqual({
      code: 'SAVE10',
      description: '10% off',
      amount: 1.04,
    });
  });

  it('explains a discount the API dropped after a change', async () => {
    useShopStore.setState({ discount: { code: 'BIG50', description: '', amount: 5 } });
    stubApi({
      'GET /api/cart': { json: cartAnswer({ items: [{ ...cartAnswer().items[0], quantity: 2 }] }) },
      [`PUT /api/cart/${ITEM_ID}`]: {
        json: {
          item: { ...cartAnswer().items[0], quantity: 1 },
          discountRemoved: {
            code: 'BIG50',
            message: 'Discount BIG50 was removed: it needs an order of at least $10.00',
          },
        },
      },
      ...session,
    });
    renderAt('/cart', <CartPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Decrease quantity/ }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Discount removed',
        description: 'Discount BIG50 was removed: it needs an order of at least $10.00',
      }),
    );
    expect(
      screen.getByText('Discount BIG50 was removed: it needs an order of at least $10.00'),
    ).toHaveAttribute('role', 'status');
    expect(useShopStore.getState().discount).toBeNull();
  });
});
