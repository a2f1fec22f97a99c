import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  TEST_USER,
  json,
  lastToast,
  openedDialog,
  renderPage,
  setupShopTests,
} from '@shop/ui/testing';
import type { AdminOrder } from '@shop/contracts/orders';
import { SAMPLE_ADMIN_ORDER } from '@shop/contracts/testing';
import { CustomersPanel } from './customers-panel';

const currentFetch = setupShopTests();

const admin = {
  ...TEST_USER,
  id: 'a1',
  email: 'boss@example.com',
  firstName: 'Bo',
  lastName: 'Ss',
  company: null,
  isAdmin: true,
};

describe('Customers', () => {
  it('lists email, name, company, an admin badge and the creation date', async () => {
    currentFetch().mockResolvedValueOnce(json([TEST_USER, admin]));
    renderPage(<CustomersPanel />);
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('ann@example.com');
    expect(rows[1]).toHaveTextContent('Ann Lee');
    expect(rows[1]).toHaveTextContent('Acme');
    expect(rows[1]).toHaveTextContent('Jan 2, 2025');
    expect(rows[2]).toHaveTextContent('Admin');
  });

  it('reads the next page by key when asked for more customers', async () => {
    currentFetch()
      .mockResolvedValueOnce(
        new Response(JSON.stringify([admin]), {
          headers: { 'content-type': 'application/json', 'x-next-before': admin.id },
        }),
      )
      .mockResolvedValueOnce(json([TEST_USER]));
    const user = userEvent.setup();
    renderPage(<CustomersPanel />);
    expect(currentFetch().mock.calls[0]?.[0]).toBe('/api/admin/customers?limit=50');
    await user.click(await screen.findByRole('button', { name: 'More customers' }));
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText('boss@example.com')).toBeInTheDocument();
    expect(currentFetch().mock.calls[1]?.[0]).toBe(
      `/api/admin/customers?limit=50&before=${admin.id}`,
    );
    expect(screen.queryByRole('button', { name: 'More customers' })).not.toBeInTheDocument();
  });

  it('searches names and emails from the start of a word, says a word too short without asking, and says when none match', async () => {
    currentFetch()
      .mockResolvedValueOnce(json([TEST_USER, admin]))
      .mockResolvedValueOnce(json([admin]))
      .mockResolvedValueOnce(json([]));
    const user = userEvent.setup();
    renderPage(<CustomersPanel />);
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    const field = screen.getByLabelText('Search');
    await user.type(field, 'b');
    expect(await screen.findAllByText(/words of at least 2 letters/)).not.toHaveLength(0);
    expect(currentFetch()).toHaveBeenCalledTimes(1);
    await user.type(field, 'o');
    await waitFor(() =>
      expect(currentFetch().mock.calls[1]?.[0]).toBe('/api/admin/customers?limit=50&q=bo'),
    );
    expect(await screen.findByText('boss@example.com')).toBeInTheDocument();
    expect(screen.queryByText('ann@example.com')).not.toBeInTheDocument();
    await user.type(field, 'zz');
    expect(await screen.findByRole('heading', { name: 'No customers match' })).toBeInTheDocument();
    expect(currentFetch().mock.calls[2]?.[0]).toBe('/api/admin/customers?limit=50&q=bozz');
  });

  it('shows a customer’s orders a page at a time, the next from where the last ended', async () => {
    const older = { ...SAMPLE_ADMIN_ORDER, id: 'o0', orderNumber: 1000 };
    currentFetch()
      .mockResolvedValueOnce(json([TEST_USER]))
      .mockResolvedValueOnce(
        json({
          customer: TEST_USER,
          orders: [SAMPLE_ADMIN_ORDER],
          nextBefore: SAMPLE_ADMIN_ORDER.id,
        }),
      )
      .mockResolvedValueOnce(json({ customer: TEST_USER, orders: [older], nextBefore: null }));
    const user = userEvent.setup();
    renderPage(<CustomersPanel />);
    await user.click(await screen.findByRole('button', { name: 'Orders of ann@example.com' }));
    const dialog = await openedDialog('ann@example.com');
    expect(
      await within(dialog).findByText(`#${SAMPLE_ADMIN_ORDER.orderNumber}`, { exact: false }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'More orders' }));
    expect(await within(dialog).findByText('#1000', { exact: false })).toBeInTheDocument();
    expect(
      currentFetch()
        .mock.calls.slice(1)
        .map((call) => call[0]),
    ).toEqual([
      `/api/admin/customers/${TEST_USER.id}`,
      `/api/admin/customers/${TEST_USER.id}?before=${SAMPLE_ADMIN_ORDER.id}`,
    ]);
    expect(within(dialog).queryByRole('button', { name: 'More orders' })).not.toBeInTheDocument();
  });

  it('says what happened to each order’s money, as the Orders list does (a cancel partly refunded)', async () => {
    const partly: AdminOrder = {
      ...SAMPLE_ADMIN_ORDER,
      id: 'o2',
      orderNumber: 1002,
      status: 'cancelled',
      paymentStatus: 'paid',
      refunded: 5,
    };
    const whole: AdminOrder = {
      ...SAMPLE_ADMIN_ORDER,
      id: 'o3',
      orderNumber: 1003,
      status: 'cancelled',
      paymentStatus: 'paid',
      refunded: SAMPLE_ADMIN_ORDER.total,
    };
    currentFetch()
      .mockResolvedValueOnce(json([TEST_USER]))
      .mockResolvedValueOnce(
        json({ customer: TEST_USER, orders: [partly, whole], nextBefore: null }),
      );
    const user = userEvent.setup();
    renderPage(<CustomersPanel />);
    await user.click(await screen.findByRole('button', { name: 'Orders of ann@example.com' }));
    const dialog = await openedDialog('ann@example.com');
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('#1002');
    expect(rows[0]).toHaveTextContent('Partly refunded');
    expect(rows[1]).toHaveTextContent('#1003');
    expect(rows[1]).toHaveTextContent('Refunded');
  });

  it('opens one of the customer’s orders in the order’s dialog, over the customer’s', async () => {
    currentFetch()
      .mockResolvedValueOnce(json([TEST_USER]))
      .mockResolvedValueOnce(
        json({ customer: TEST_USER, orders: [SAMPLE_ADMIN_ORDER], nextBefore: null }),
      );
    const opened: Array<string | null> = [];
    const OrderDialog = ({ order, onClose }: { order: AdminOrder | null; onClose(): void }) => {
      opened.push(order?.id ?? null);
      return order ? (
        <button type="button" onClick={onClose}>
          Close order {order.orderNumber}
        </button>
      ) : null;
    };
    const user = userEvent.setup();
    renderPage(<CustomersPanel OrderDialog={OrderDialog} />);
    await user.click(await screen.findByRole('button', { name: 'Orders of ann@example.com' }));
    const dialog = await openedDialog('ann@example.com');
    await user.click(
      await within(dialog).findByRole('button', {
        name: `View order ${SAMPLE_ADMIN_ORDER.orderNumber}`,
      }),
    );
    expect(opened.at(-1)).toBe(SAMPLE_ADMIN_ORDER.id);
    await user.click(screen.getByRole('button', { name: /^Close order/ }));
    expect(opened.at(-1)).toBeNull();
  });

  it('cannot delete an admin account', async () => {
    currentFetch().mockResolvedValueOnce(json([TEST_USER, admin]));
    renderPage(<CustomersPanel />);
    expect(await screen.findByRole('button', { name: 'Delete boss@example.com' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete ann@example.com' })).toBeEnabled();
  });

  it('deletes a customer after confirmation and says Customer deleted', async () => {
    currentFetch()
      .mockResolvedValueOnce(json([TEST_USER]))
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(json([]));
    const user = userEvent.setup();
    renderPage(<CustomersPanel />);
    await user.click(await screen.findByRole('button', { name: 'Delete ann@example.com' }));
    const confirm = await openedDialog('Delete ann@example.com?', 'alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete Customer' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Customer deleted' }));
    expect(currentFetch().mock.calls[1]?.[0]).toBe(`/api/admin/customers/${TEST_USER.id}`);
    expect(await screen.findByRole('heading', { name: 'No customers yet' })).toBeInTheDocument();
  });

  it('says Delete failed when the server refuses', async () => {
    currentFetch()
      .mockResolvedValueOnce(json([TEST_USER]))
      .mockResolvedValueOnce(json({ message: 'Customer not found' }, 404));
    const user = userEvent.setup();
    renderPage(<CustomersPanel />);
    await user.click(await screen.findByRole('button', { name: 'Delete ann@example.com' }));
    await user.click(
      within(await openedDialog('Delete ann@example.com?', 'alertdialog')).getByRole('button', {
        name: 'Delete Customer',
      }),
    );
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Delete failed', variant: 'destructive' }),
    );
  });
});
