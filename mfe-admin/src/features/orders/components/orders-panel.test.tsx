import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrder } from '@shop/contracts/orders';
import { SAMPLE_ADMIN_ORDER } from '@shop/contracts/testing';
import { json, renderPage, setupShopTests, stubApi, TEST_USER } from '@shop/ui/testing';
import { queryClient, useShopStore } from 'shell/store';
import { adminStatusQueryKey } from '../../../lib/admin-query-key';
import { OrdersPanel } from './orders-panel';

const currentFetch = setupShopTests();

const order = (id: string, orderNumber: number, lastName: string): AdminOrder => ({
  ...SAMPLE_ADMIN_ORDER,
  id,
  orderNumber,
  tax: 0,
  total: 15.9,
  customerInfo: {
    ...SAMPLE_ADMIN_ORDER.customerInfo,
    lastName,
    email: `${lastName.toLowerCase()}@example.com`,
  },
});

const page = (orders: AdminOrder[], nextBefore: string | null) =>
  json({ orders, pageSize: 20, nextBefore });

describe('Orders', () => {
  it('opens the order the address names (its number), found by a search for it; closing it says so', async () => {
    const calls = stubApi({
      'GET /api/admin/orders?pageSize=20&q=1042': {
        json: { orders: [order('o42', 1042, 'Lee')], pageSize: 20, nextBefore: null },
      },
    });
    const closed = vi.fn();
    const user = userEvent.setup();
    renderPage(<OrdersPanel linked={1042} onLinkClosed={closed} />);
    const dialog = await screen.findByRole('dialog', { name: 'Order #1042' });
    expect(calls[0]?.path).toBe('/api/admin/orders?pageSize=20&q=1042');
    expect(screen.getByLabelText('Search')).toHaveValue('1042');
    expect(closed).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('shows the newest orders and reads more by key when asked, with no page count', async () => {
    currentFetch()
      .mockResolvedValueOnce(page([order('o2', 1002, 'Lee')], '41'))
      .mockResolvedValueOnce(page([order('o1', 1001, 'Kim')], null));
    const user = userEvent.setup();
    renderPage(<OrdersPanel />);
    expect(await screen.findByText('#1002')).toBeInTheDocument();
    expect(currentFetch().mock.calls[0]?.[0]).toBe('/api/admin/orders?pageSize=20');
    expect(screen.queryByText(/Page \d+ of/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More orders' }));
    expect(await screen.findByText('#1001')).toBeInTheDocument();
    expect(currentFetch().mock.calls[1]?.[0]).toBe('/api/admin/orders?pageSize=20&before=41');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('#1002');
    expect(rows[2]).toHaveTextContent('#1001');
    expect(screen.queryByRole('button', { name: 'More orders' })).not.toBeInTheDocument();
    expect(screen.getByText('2 orders shown, newest first')).toBeInTheDocument();
  });

  it("dates each order in the shop's time zone, the one its day filters count in", async () => {
    useShopStore.getState().setUser(TEST_USER);
    // 20:00 UTC on December 2 is already December 3 in Auckland.
    const lateOrder = { ...order('o1', 1001, 'Kim'), createdAt: '2026-12-02T20:00:00.000Z' };
    const dateShown = async (timeZone: string | undefined) => {
      queryClient.setQueryData(adminStatusQueryKey(TEST_USER.id), { isAdmin: true, timeZone });
      currentFetch().mockResolvedValueOnce(page([lateOrder], null));
      const { unmount } = renderPage(<OrdersPanel />);
      const row = (await screen.findByText('#1001')).closest('tr')!;
      const text = row.textContent;
      unmount();
      return text;
    };
    expect(await dateShown('Pacific/Auckland')).toContain('Dec 3, 2026');
    expect(await dateShown('UTC')).toContain('Dec 2, 2026');
  });

  it('tells an order whose customer asked for proof changes (the shop owes a revision) from one awaiting approval', async () => {
    currentFetch().mockResolvedValueOnce(
      page(
        [
          {
            ...order('o2', 1002, 'Lee'),
            status: 'awaiting_proof',
            proofStatus: 'changes_requested',
          },
          {
            ...order('o1', 1001, 'Kim'),
            status: 'awaiting_proof',
            proofStatus: 'awaiting_approval',
          },
        ],
        null,
      ),
    );
    renderPage(<OrdersPanel />);
    expect(await screen.findByText('#1002')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Revising proof');
    expect(rows[2]).toHaveTextContent('Awaiting proof approval');
  });

  it('offers more orders when a page found none but older ones may match', async () => {
    currentFetch()
      .mockResolvedValueOnce(page([], '2025-03-04:7'))
      .mockResolvedValueOnce(page([order('o1', 1001, 'Kim')], null));
    const user = userEvent.setup();
    renderPage(<OrdersPanel />);
    expect(
      await screen.findByRole('heading', { name: 'No matches among the latest orders' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More orders' }));
    expect(await screen.findByText('#1001')).toBeInTheDocument();
    expect(currentFetch().mock.calls[1]?.[0]).toBe(
      `/api/admin/orders?pageSize=20&before=${encodeURIComponent('2025-03-04:7')}`,
    );
  });

  it('searches by the start of a word and says so for a word too short, without asking the server', async () => {
    currentFetch()
      .mockResolvedValueOnce(page([order('o2', 1002, 'Lee')], null))
      .mockResolvedValueOnce(page([order('o1', 1001, 'Kim')], null));
    const user = userEvent.setup();
    renderPage(<OrdersPanel />);
    expect(await screen.findByText('#1002')).toBeInTheDocument();
    const field = screen.getByLabelText('Search');
    await user.type(field, 'k');
    expect(await screen.findAllByText(/words of at least 2 letters/)).not.toHaveLength(0);
    expect(currentFetch()).toHaveBeenCalledTimes(1);
    await user.type(field, 'i');
    expect(await screen.findByText('#1001')).toBeInTheDocument();
    expect(currentFetch().mock.calls[1]?.[0]).toBe('/api/admin/orders?pageSize=20&q=ki');
    expect(screen.getByText(/match from the start of a word/)).toBeInTheDocument();
  });

  it('says a From day after the To day as the Exports tab does, without asking the server', async () => {
    currentFetch().mockResolvedValue(page([order('o2', 1002, 'Lee')], null));
    renderPage(<OrdersPanel />);
    expect(await screen.findByText('#1002')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });

    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      expect.stringContaining('The first day must be on or before the last'),
    );
    expect(screen.queryByRole('heading', { name: 'No orders match' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(currentFetch().mock.calls.map((call) => String(call[0]))).not.toContainEqual(
      expect.stringContaining('to=2026-11-01'),
    );
  });
});
