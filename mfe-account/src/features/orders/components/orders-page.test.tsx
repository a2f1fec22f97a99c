import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useShopStore } from 'shell/store';
import type { OrderHistoryEntry } from '@shop/contracts/orders';
import { formatDate, formatTimeWithZone } from '@shop/ui';
import { TEST_USER, json, renderPage, setupShopTests } from '@shop/ui/testing';
import { OrdersPage } from './orders-page';
import { SAMPLE_ORDER } from '@shop/contracts/testing';

const currentFetch = setupShopTests();

const order = (overrides: Partial<OrderHistoryEntry>): OrderHistoryEntry => ({
  ...SAMPLE_ORDER,
  ...overrides,
});

describe('OrdersPage', () => {
  it('asks a guest to sign in, and the button opens the auth dialog', async () => {
    useShopStore.getState().setUser(null);
    renderPage(<OrdersPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Order History' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to see your orders' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(useShopStore.getState().authDialog).toEqual({ open: true, tab: 'sign-in' });
    expect(currentFetch()).not.toHaveBeenCalled();
  });

  it('signed out, shows a guest the way to an order placed without an account', () => {
    useShopStore.getState().setUser(null);
    renderPage(<OrdersPage />);
    expect(screen.getByRole('link', { name: 'Find a guest order' })).toHaveAttribute(
      'href',
      '/orders/lookup',
    );
  });

  it('keeps the page marked as the account remote', () => {
    const { container } = renderPage(<OrdersPage />);
    expect(container.querySelector('[data-remote="account"]')).toHaveAttribute(
      'data-session-id',
      useShopStore.getState().sessionId,
    );
  });

  it("lists a customer's orders with status, items and totals", async () => {
    currentFetch().mockResolvedValueOnce(
      json([
        order({ notes: 'Leave at the loading dock', discountCode: 'SAVE10', discountAmount: 1.04 }),
        order({ id: 'o2', orderNumber: 1002, status: 'shipped' }),
        order({ id: 'o3', orderNumber: 1003, status: 'completed' }),
        // A status the shop may add later still gets a (grey) badge.
        order({ id: 'o4', orderNumber: 1004, status: 'cancelled' as OrderHistoryEntry['status'] }),
      ]),
    );
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrdersPage />);

    const first = await screen.findByRole('article', { name: 'Order #1001' });
    expect(currentFetch().mock.calls[0]?.[0]).toBe('/api/orders?limit=20');
    expect(within(first).getByText('Status:', { exact: false }).parentElement).toHaveTextContent(
      'Status: Processing',
    );
    expect(within(first).getByText('3″ × 2″').parentElement).toHaveTextContent(
      /^Phenolic label, 3″ × 2″$/,
    );
    expect(within(first).getByText('Qty 2')).toBeInTheDocument();
    expect(within(first).getByText('“PUMP 1”')).toBeInTheDocument();
    expect(within(first).getByText('Leave at the loading dock')).toBeInTheDocument();
    expect(within(first).getByText('Discount (SAVE10)')).toBeInTheDocument();
    expect(within(first).getByText('$16.73')).toBeInTheDocument();
    expect(within(first).getByText('$0.83')).toBeInTheDocument();

    const statuses = screen
      .getAllByText(/^(Processing|Shipped|Completed|Cancelled)$/)
      .map((badge) => badge.closest('[data-status]'));
    expect(statuses.map((badge) => badge?.getAttribute('data-status'))).toEqual([
      'processing',
      'shipped',
      'completed',
      'cancelled',
    ]);
  });

  it('says when an order was placed as its page does: the time with its zone', async () => {
    currentFetch().mockResolvedValueOnce(json([order({})]));
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrdersPage />);
    const card = await screen.findByRole('article', { name: 'Order #1001' });
    expect(within(card).getByText(/^Placed/)).toHaveTextContent(
      `Placed ${formatDate(SAMPLE_ORDER.createdAt)} at ${formatTimeWithZone(SAMPLE_ORDER.createdAt)}`,
    );
  });

  it('shows the text a proof revision changed, marked so, and the region the tax was charged for', async () => {
    const [line] = SAMPLE_ORDER.items;
    currentFetch().mockResolvedValueOnce(
      json([order({ taxRegion: 'IL', items: [{ ...line!, engravedText: 'PUMP 1 REV B' }] })]),
    );
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrdersPage />);
    const card = await screen.findByRole('article', { name: 'Order #1001' });
    expect(within(card).getByText(/PUMP 1 REV B/)).toHaveTextContent(
      '“PUMP 1 REV B” (changed on the proof)',
    );
    expect(within(card).queryByText('“PUMP 1”')).toBeNull();
    expect(within(card).getByText('Tax (IL)')).toBeInTheDocument();
  });

  it('says "Revising proof" while the shop makes the changes the customer asked for, and "Awaiting proof approval" while it waits on them', async () => {
    currentFetch().mockResolvedValueOnce(
      json([
        order({ status: 'awaiting_proof', proofStatus: 'changes_requested' }),
        order({
          id: 'o2',
          orderNumber: 1002,
          status: 'awaiting_proof',
          proofStatus: 'awaiting_approval',
        }),
      ]),
    );
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrdersPage />);
    const revising = await screen.findByRole('article', { name: 'Order #1001' });
    const badge = revising.querySelector('[data-status]');
    expect(badge).toHaveAttribute('data-status', 'awaiting_proof');
    expect(badge).toHaveTextContent('Status: Revising proof');
    expect(
      screen.getByRole('article', { name: 'Order #1002' }).querySelector('[data-status]'),
    ).toHaveTextContent('Status: Awaiting proof approval');
  });

  it('offers the configurator when there are no orders yet, and says guest orders join once the email is confirmed', async () => {
    currentFetch().mockResolvedValueOnce(json([]));
    useShopStore.getState().setUser({ ...TEST_USER, emailConfirmed: false });
    renderPage(<OrdersPage />);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configure a label' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(screen.getByTestId('guest-orders-note')).toHaveTextContent(
      `Orders you placed as a guest with ${TEST_USER.email} join this history once you confirm that address: follow the link we emailed you, or ask for a new one on My Account.`,
    );
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
  });

  it('says the orders come newest first only above a list that has orders', async () => {
    currentFetch().mockResolvedValueOnce(json([]));
    useShopStore.getState().setUser(TEST_USER);
    const empty = renderPage(<OrdersPage />);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.queryByText('Your orders, newest first.')).not.toBeInTheDocument();
    empty.unmount();

    currentFetch().mockResolvedValueOnce(json([order({})]));
    useShopStore.getState().setUser({ ...TEST_USER, id: 'another-customer' });
    renderPage(<OrdersPage />);
    expect(await screen.findByRole('list', { name: 'Orders' })).toHaveAccessibleDescription(
      'Your orders, newest first.',
    );
    expect(screen.getByText('Your orders, newest first.')).toBeVisible();
  });

  it('with the email confirmed, says guest orders joined then, and where to find a later one', async () => {
    currentFetch().mockResolvedValueOnce(json([]));
    useShopStore.getState().setUser({ ...TEST_USER, emailConfirmed: true });
    renderPage(<OrdersPage />);
    expect(await screen.findByTestId('guest-orders-note')).toHaveTextContent(
      `Paid orders you placed as a guest with ${TEST_USER.email} joined this history when you confirmed that address.`,
    );
    expect(screen.getByRole('link', { name: 'Find a guest order' })).toHaveAttribute(
      'href',
      '/orders/lookup',
    );
  });

  it('says Failed to fetch orders when the list cannot be read', async () => {
    currentFetch().mockResolvedValueOnce(json({ message: 'boom' }, 500));
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrdersPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch orders');
  });

  it('shows older orders page by page, from the place the API names, and says when a page fails', async () => {
    const page = (orders: OrderHistoryEntry[], nextBefore?: string) =>
      new Response(JSON.stringify(orders), {
        headers: {
          'content-type': 'application/json',
          ...(nextBefore ? { 'x-next-before': nextBefore } : {}),
        },
      });
    currentFetch()
      .mockResolvedValueOnce(page([order({ id: 'o2', orderNumber: 1002 })], 'o2'))
      .mockResolvedValueOnce(json({ message: 'boom' }, 500))
      .mockResolvedValueOnce(page([order({ id: 'o1', orderNumber: 1001 })]));
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrdersPage />);

    await screen.findByRole('article', { name: 'Order #1002' });
    await userEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your older orders could not be loaded. Please try again.',
    );
    expect(screen.getByRole('article', { name: 'Order #1002' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    await screen.findByRole('article', { name: 'Order #1001' });
    expect(currentFetch().mock.calls.map((call) => call[0])).toEqual([
      '/api/orders?limit=20',
      '/api/orders?limit=20&before=o2',
      '/api/orders?limit=20&before=o2',
    ]);
    expect(screen.queryByRole('button', { name: 'Show older orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
