import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useShopStore } from 'shell/store';
import { lastToast, renderPage, resetShop, stubApi } from '@shop/ui/testing';
import { CART_PAGE_TOP } from '@shop/ui';
import { cartAnswer, emptySession } from '../testing/fixtures';
import CartPage from './cart-page';

beforeEach(resetShop);
afterEach(() => vi.unstubAllGlobals());

const ITEM_ID = '66aa00000000000000000001';
const session = { 'GET /api/cart/session': { json: emptySession } };
const gets = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/cart').length;

describe('cart page', () => {
  it('shows each item with its options, prices and the summary, and updates the header badge', async () => {
    stubApi({ 'GET /api/cart': { json: cartAnswer() }, ...session });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });

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
      'Subtotal (2 labels)$10.40',
    );
    expect(within(summary).getAllByText('Calculated at checkout')).toHaveLength(2);
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent('$10.40');
    expect(within(summary).getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    expect(useShopStore.getState().cart).toEqual({ itemCount: 2, subtotal: 10.4, total: 10.4 });
  });

  it('reads large amounts with thousands separators', async () => {
    const big = cartAnswer({
      items: [{ ...cartAnswer().items[0], quantity: 10_000, unitPrice: 4.16, totalPrice: 41_600 }],
      itemCount: 10_000,
      subtotal: 41_600,
      total: 41_600,
    });
    stubApi({ 'GET /api/cart': () => ({ json: big }), ...session });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    const summary = await screen.findByTestId('cart-summary');
    expect(within(summary).getByTestId('summary-subtotal')).toHaveTextContent(
      'Subtotal (10,000 labels)$41,600.00',
    );
    expect(screen.getByTestId('cart-item-total')).toHaveTextContent('$41,600.00');
    expect(
      screen.getByRole('heading', { name: 'Items (1 line, 10,000 labels)' }),
    ).toBeInTheDocument();
  });

  it('says what it counts: the lines listed, and the labels their quantities add up to', async () => {
    const [line] = cartAnswer().items;
    const twoLines = cartAnswer({
      items: [
        { ...line, quantity: 3, totalPrice: 15.6 },
        { ...line, id: '66aa00000000000000000002', quantity: 30, totalPrice: 156 },
      ],
      itemCount: 33,
      subtotal: 171.6,
      total: 171.6,
    });
    stubApi({ 'GET /api/cart': () => ({ json: twoLines }), ...session });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    expect(
      await screen.findByRole('heading', { name: 'Items (2 lines, 33 labels)' }),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('cart-item')).toHaveLength(2);
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('Subtotal (33 labels)$171.60');
  });

  it('says one line and one label in the singular', async () => {
    const [line] = cartAnswer().items;
    const one = cartAnswer({
      items: [{ ...line, quantity: 1, totalPrice: 5.2 }],
      itemCount: 1,
      subtotal: 5.2,
      total: 5.2,
    });
    stubApi({ 'GET /api/cart': () => ({ json: one }), ...session });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    expect(
      await screen.findByRole('heading', { name: 'Items (1 line, 1 label)' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('Subtotal (1 label)$5.20');
  });

  it('shows the empty state with a way to the configurator, without the intro about changing labels', async () => {
    stubApi({
      'GET /api/cart': { json: cartAnswer({ items: [], itemCount: 0, subtotal: 0, total: 0 }) },
      ...session,
    });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configure a Label' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(screen.queryByText(CART_PAGE_TOP.intro)).not.toBeInTheDocument();
  });

  it('says so when the cart cannot be read', async () => {
    stubApi({
      'GET /api/cart': { status: 500, json: { message: 'Internal server error' } },
      ...session,
    });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch cart');
  });

  it('changes the quantity (never below 1) and shows the cart the change answered, without reading it again', async () => {
    const cartWith = (quantity: number) =>
      cartAnswer({
        items: [{ ...cartAnswer().items[0], quantity, totalPrice: 5.2 * quantity }],
        itemCount: quantity,
        subtotal: 5.2 * quantity,
        total: 5.2 * quantity,
      });
    const calls = stubApi({
      'GET /api/cart': () => ({ json: cartWith(1) }),
      [`PUT /api/cart/${ITEM_ID}`]: (call) => {
        const { quantity } = call.body as { quantity: number };
        return { json: { ...cartWith(quantity), item: cartWith(quantity).items[0] } };
      },
      ...session,
    });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    const decrease = await screen.findByRole('button', { name: /Decrease quantity/ });
    expect(decrease).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Increase quantity/ }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Quantity of/ })).toHaveValue('2'),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ quantity: 2 });
    expect(useShopStore.getState().cart.itemCount).toBe(2);
    expect(screen.getByRole('button', { name: /Decrease quantity/ })).toBeEnabled();
    expect(gets(calls)).toBe(1);
  });

  it('takes a typed quantity on Enter or leaving the field; one that breaks the rule shows it and changes nothing', async () => {
    const cartWith = (quantity: number) =>
      cartAnswer({
        items: [{ ...cartAnswer().items[0], quantity, totalPrice: 5.2 * quantity }],
        itemCount: quantity,
        subtotal: 5.2 * quantity,
        total: 5.2 * quantity,
      });
    const calls = stubApi({
      'GET /api/cart': () => ({ json: cartWith(1) }),
      [`PUT /api/cart/${ITEM_ID}`]: (call) => {
        const { quantity } = call.body as { quantity: number };
        return { json: { ...cartWith(quantity), item: cartWith(quantity).items[0] } };
      },
      ...session,
    });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    const field = await screen.findByRole('textbox', { name: /Quantity of/ });
    const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

    await userEvent.clear(field);
    await userEvent.type(field, 'ten{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Quantity must be a number. Nothing was changed.',
    );
    // Refused: the field shows what the cart holds again, as minus, plus and the total do.
    expect(field).toHaveValue('1');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: /Decrease quantity/ })).toBeDisabled();
    // Leaving the field then keeps the rule said.
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Quantity must be a number.');
    await userEvent.clear(field);
    await userEvent.type(field, '2.5');
    await userEvent.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Quantity must be a whole number');
    await userEvent.clear(field);
    await userEvent.type(field, '10001{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A line holds at most 10,000 labels. For more, ask us for a quote. Nothing was changed.',
    );
    expect(field).toHaveValue('1');
    expect(puts()).toEqual([]);

    // Typed and not yet saved: the field says so, as the totals beside it are the saved ones.
    await userEvent.clear(field);
    await userEvent.type(field, '100');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Not saved yet: press Enter or leave the field to update the total.'),
    );
    expect(puts()).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, '100{Enter}');
    await waitFor(() => expect(useShopStore.getState().cart.itemCount).toBe(100));
    expect(puts()).toEqual([{ quantity: 100 }]);
    expect(field).toHaveValue('100');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Not saved yet/)).not.toBeInTheDocument();

    // Leaving the field unchanged sends nothing.
    await userEvent.click(field);
    await userEvent.tab();
    expect(puts()).toHaveLength(1);
  });

  it('says beside each quantity how many a line holds, and where to ask for more', async () => {
    stubApi({ 'GET /api/cart': () => ({ json: cartAnswer() }), ...session });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    const field = await screen.findByRole('textbox', { name: /Quantity of/ });
    expect(field).toHaveAccessibleDescription('Up to 10,000 per line. More? Ask for a quote');
    expect(screen.getByRole('link', { name: 'Ask for a quote' })).toHaveAttribute(
      'href',
      '/contact#send-message',
    );
  });

  it('links each line to the configurator to edit it', async () => {
    stubApi({ 'GET /api/cart': () => ({ json: cartAnswer() }), ...session });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    expect(await screen.findByRole('link', { name: /^Edit/ })).toHaveAttribute(
      'href',
      `/products?edit=${ITEM_ID}`,
    );
  });

  it("does not follow a line's Edit while the line is saving, by mouse or keyboard", async () => {
    let answer: (value: { json: unknown }) => void = () => {};
    stubApi({
      'GET /api/cart': () => ({ json: cartAnswer() }),
      [`PUT /api/cart/${ITEM_ID}`]: () => new Promise((resolve) => (answer = resolve)),
      ...session,
    });
    renderPage(<CartPage />, { path: '/cart' });
    await userEvent.click(await screen.findByRole('button', { name: /Increase quantity/ }));
    const edit = screen.getByRole('link', { name: /^Edit/ });
    await waitFor(() => expect(edit).toHaveAttribute('aria-disabled', 'true'));

    await userEvent.click(edit);
    edit.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');

    // Saved: the link works again.
    const saved = cartAnswer({
      items: [{ ...cartAnswer().items[0], quantity: 2, totalPrice: 10.4 }],
      itemCount: 2,
      subtotal: 10.4,
      total: 10.4,
    });
    answer({ json: { ...saved, item: saved.items[0] } });
    await waitFor(() => expect(edit).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(edit);
    expect(screen.getByTestId('location')).toHaveTextContent('/products');
  });

  /** The cart page, with its line's + pressed once. */
  async function openCartAndStepUp() {
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    await userEvent.click(await screen.findByRole('button', { name: /Increase quantity/ }));
  }

  it("says why the line's rules refuse a quantity, since trying again cannot help", async () => {
    const reason = 'Label 100 (ASSET-TAG-100): Too small to scan';
    stubApi({
      'GET /api/cart': { json: cartAnswer() },
      [`PUT /api/cart/${ITEM_ID}`]: { status: 400, json: { message: reason, errors: [] } },
      ...session,
    });
    await openCartAndStepUp();
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Quantity not changed',
        description: reason,
        variant: 'destructive',
      }),
    );
  });

  it("says which line a series' new quantity would repeat, since trying again cannot help", async () => {
    const reason =
      'This change would have lines 1 and 2 of your cart both engrave PUMP 2001: a label is engraved once in an order. Change the first number of one of them, or remove one.';
    stubApi({
      'GET /api/cart': { json: cartAnswer() },
      [`PUT /api/cart/${ITEM_ID}`]: { status: 409, json: { message: reason } },
      ...session,
    });
    await openCartAndStepUp();
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Quantity not changed',
        description: reason,
        variant: 'destructive',
      }),
    );
  });

  it('tells the shopper when a quantity change or removal fails', async () => {
    stubApi({
      'GET /api/cart': { json: cartAnswer() },
      [`PUT /api/cart/${ITEM_ID}`]: { status: 500, json: { message: 'Internal server error' } },
      [`DELETE /api/cart/${ITEM_ID}`]: { status: 500, json: { message: 'Internal server error' } },
      ...session,
    });
    await openCartAndStepUp();
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

  it('when the line was changed or removed in another window, says so and shows the cart as it is now', async () => {
    let answer = cartAnswer();
    const gone = { status: 404, json: { message: 'Cart item not found' } };
    const calls = stubApi({
      'GET /api/cart': () => ({ json: answer }),
      [`PUT /api/cart/${ITEM_ID}`]: gone,
      [`DELETE /api/cart/${ITEM_ID}`]: gone,
      ...session,
    });
    await openCartAndStepUp();
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Quantity not changed',
        description: 'This item is no longer in your cart: it was changed in another window.',
      }),
    );
    // The cart was read again after the refusal.
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'GET /api/cart').length).toBeGreaterThan(1),
    );
    answer = { ...cartAnswer(), items: [] };
    await userEvent.click(screen.getByRole('button', { name: /^Remove Phenolic/ }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });

  it('removes an item with an "Item Removed" toast', async () => {
    const calls = stubApi({
      'GET /api/cart': { json: cartAnswer() },
      [`DELETE /api/cart/${ITEM_ID}`]: {
        json: { ...cartAnswer({ items: [], itemCount: 0, subtotal: 0, total: 0 }), id: ITEM_ID },
      },
      ...session,
    });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    await userEvent.click(await screen.findByRole('button', { name: /^Remove Phenolic/ }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Item Removed' }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(useShopStore.getState().cart.itemCount).toBe(0);
    expect(gets(calls)).toBe(1);
  });

  it('drops the "Order again" notice once the cart is emptied: it never says lines were added above "Your cart is empty"', async () => {
    stubApi({
      'GET /api/cart': { json: cartAnswer() },
      [`DELETE /api/cart/${ITEM_ID}`]: {
        json: { ...cartAnswer({ items: [], itemCount: 0, subtotal: 0, total: 0 }), id: ITEM_ID },
      },
      ...session,
    });
    const reorder = { orderNumber: 1004, added: 1, priceChanges: [], missingArtwork: [] };
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart', state: { reorder } });
    expect(await screen.findByTestId('reorder-notice')).toHaveTextContent(
      '1 line from order #1004 added to your cart.',
    );
    await userEvent.click(await screen.findByRole('button', { name: /^Remove Phenolic/ }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.queryByTestId('reorder-notice')).toBeNull();
  });

  it('two lines of one material and size: each control names its own line, so a screen reader can tell them apart', async () => {
    const [first] = cartAnswer().items;
    const second = {
      ...first,
      id: '66aa00000000000000000002',
      productConfig: { ...first!.productConfig, customText: 'MAIN PUMP' },
    };
    stubApi({
      'GET /api/cart': { json: cartAnswer({ items: [first, second], itemCount: 4 }) },
      ...session,
    });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    await screen.findAllByTestId('cart-item');
    for (const line of [1, 2]) {
      const name = `Phenolic label, 3″ × 2″, line ${line}`;
      expect(screen.getByRole('button', { name: `Remove ${name}` })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: `Edit ${name}` })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: `Quantity of ${name}` })).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: `Increase quantity of ${name}` }),
      ).toBeInTheDocument();
    }
    // The visible headings stay as they were: the text beside each tells them apart by sight.
    expect(screen.getAllByRole('heading', { name: 'Phenolic label, 3″ × 2″' })).toHaveLength(2);
  });

  it('shows the discount kept with the cart and takes it off the total', async () => {
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
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    expect(await screen.findByTestId('applied-discount')).toHaveTextContent('SAVE10');
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('Discount (SAVE10)−$1.04');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$9.36');
    expect(useShopStore.getState().discount).toEqual({
      code: 'SAVE10',
      description: '10% off',
      amount: 1.04,
    });
  });

  it('explains a discount the API dropped after a change, until the next change', async () => {
    useShopStore.setState({ discount: { code: 'BIG50', description: '', amount: 5 } });
    const line = cartAnswer().items[0];
    stubApi({
      'GET /api/cart': { json: cartAnswer({ items: [{ ...line, quantity: 2 }] }) },
      [`PUT /api/cart/${ITEM_ID}`]: (call) =>
        (call.body as { quantity: number }).quantity === 1
          ? {
              json: {
                ...cartAnswer({ discount: null }),
                item: { ...line, quantity: 1 },
                discountRemoved: {
                  code: 'BIG50',
                  message: 'This discount code needs an order of at least $10.00',
                },
              },
            }
          : {
              json: {
                ...cartAnswer({ discount: null, items: [{ ...line, quantity: 2 }] }),
                item: { ...line, quantity: 2 },
              },
            },
      ...session,
    });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    await userEvent.click(await screen.findByRole('button', { name: /Decrease quantity/ }));
    const said = 'BIG50 was removed. This discount code needs an order of at least $10.00';
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Discount removed', description: said }),
    );
    expect(screen.getByText(said)).toHaveAttribute('role', 'status');
    expect(useShopStore.getState().discount).toBeNull();

    // The cart changed again: what it holds may qualify now, so the notice is gone.
    await userEvent.click(screen.getByRole('button', { name: /Increase quantity/ }));
    await waitFor(() => expect(screen.queryByText(said)).not.toBeInTheDocument());
  });

  it('explains a saved discount that no longer applies when the cart is read, and takes it off the session once', async () => {
    let cleared = false;
    const calls = stubApi({
      'GET /api/cart': () => ({
        json: cleared
          ? cartAnswer()
          : cartAnswer({ discountRemoved: { code: 'OLD10', message: 'This code has expired' } }),
      }),
      'POST /api/cart/session': () => {
        cleared = true;
        return { json: emptySession };
      },
    });
    renderPage(<CartPage />, { path: '/cart', routePath: '/cart' });
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Discount removed',
        description: 'OLD10 was removed. This code has expired',
      }),
    );
    await waitFor(() => expect(gets(calls)).toBe(2));
    expect(screen.getByText('OLD10 was removed. This code has expired')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { discountCode: null, discountAmount: null, discountData: null },
    ]);
    expect(useShopStore.getState().discount).toBeNull();
  });
});
