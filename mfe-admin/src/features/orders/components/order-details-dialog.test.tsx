import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORDER_STATUSES, type AdminOrder } from '@shop/contracts/orders';
import { SAMPLE_ADMIN_ORDER } from '@shop/contracts/testing';
import { Button } from '@shop/ui';
import { json, renderPage, setupShopTests } from '@shop/ui/testing';
import { OrderDetailsDialog } from './order-details-dialog';

const currentFetch = setupShopTests();

function Opener({ order, start }: { order: AdminOrder; start?: 'top' | 'ship' }) {
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  return (
    <>
      <Button type="button" onClick={() => setViewing(order)}>
        View
      </Button>
      <OrderDetailsDialog order={viewing} start={start} onClose={() => setViewing(null)} />
    </>
  );
}

/** Renders a View button for the order and clicks it: the user, and the dialog once it is open. */
async function openDetails(order: AdminOrder, start?: 'top' | 'ship') {
  const user = userEvent.setup();
  renderPage(<Opener order={order} start={start} />);
  await user.click(screen.getByRole('button', { name: 'View' }));
  const dialog = await screen.findByRole('dialog', { name: `Order #${order.orderNumber}` });
  return { user, dialog };
}

describe('the order details dialog', () => {
  it.each(ORDER_STATUSES)(
    'opens (%s) with focus on its title, not on a field further down such as the refund amount',
    async (status) => {
      // The order's detail (history, notes) is still on its way: the dialog opens on the listed order.
      currentFetch().mockImplementation(() => new Promise<Response>(() => {}));
      const { dialog } = await openDetails({ ...SAMPLE_ADMIN_ORDER, status });
      expect(screen.getByRole('heading', { name: 'Order #1001' })).toHaveFocus();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    },
  );

  it.each([
    [{ customerId: null, accountDeleted: false }, 'as a guest.'],
    [{ customerId: 'c1', accountDeleted: false }, 'in a customer’s account.'],
    [{ customerId: 'c1', accountDeleted: true }, 'in a customer’s account since deleted.'],
  ])('says whose the order is (%o): %s', async (whose, said) => {
    currentFetch().mockImplementation(() => new Promise<Response>(() => {}));
    const { dialog } = await openDetails({ ...SAMPLE_ADMIN_ORDER, ...whose });
    expect(dialog).toHaveTextContent(said);
  });

  it('opened to ship a paid order in processing, starts on the Mark shipped form’s carrier', async () => {
    currentFetch().mockImplementation(() => new Promise<Response>(() => {}));
    const paid = {
      ...SAMPLE_ADMIN_ORDER,
      status: 'processing' as const,
      paymentStatus: 'paid' as const,
    };
    await openDetails(paid, 'ship');
    expect(screen.getByRole('combobox', { name: 'Carrier' })).toHaveFocus();
  });

  it('names the text a proof revision engraves on a line, where it differs from the one ordered', async () => {
    currentFetch().mockResolvedValue(
      json({
        ...SAMPLE_ADMIN_ORDER,
        history: [],
        adminNotes: [],
        proofHistory: [],
        engravedTexts: [{ lineId: 'i1', text: 'PUMP 1 REV B' }],
      }),
    );
    await openDetails(SAMPLE_ADMIN_ORDER);
    expect(await screen.findByTestId('engraved-text')).toHaveTextContent(
      'Engraved, as the proof revised it: “PUMP 1 REV B”',
    );
  });

  it('marks a shipped order completed from the dialog, and offers it for no other state', async () => {
    const shipped = { ...SAMPLE_ADMIN_ORDER, status: 'shipped' as const };
    let status: AdminOrder['status'] = 'shipped';
    currentFetch().mockImplementation(async (_input, init) => {
      if (init?.method === 'PATCH') status = 'completed';
      const order = { ...shipped, status };
      return init?.method === 'PATCH'
        ? json(order)
        : json({ ...order, history: [], adminNotes: [], proofHistory: [], engravedTexts: [] });
    });
    const { user } = await openDetails(shipped);
    await user.click(await screen.findByRole('button', { name: 'Mark completed' }));

    const patch = currentFetch().mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toBe(`/api/admin/orders/${shipped.id}`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'completed' });
    // The dialog reads the order again: completed, nothing more to mark.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark completed' })).toBeNull(),
    );
    expect(screen.getByRole('dialog', { name: 'Order #1001' })).toHaveTextContent('Completed');
  });

  it('once marked shipped, its form gone with the old state, keeps the focus on the order: its title, not the page', async () => {
    const paid = {
      ...SAMPLE_ADMIN_ORDER,
      status: 'processing' as const,
      paymentStatus: 'paid' as const,
    };
    let status: AdminOrder['status'] = 'processing';
    currentFetch().mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/ship')) status = 'shipped';
      const order = { ...paid, status };
      if (init?.method === 'POST') return json(order);
      if (url === `/api/admin/orders/${paid.id}`)
        return json({ ...order, history: [], adminNotes: [], proofHistory: [], engravedTexts: [] });
      return new Promise<Response>(() => {});
    });
    const { user, dialog } = await openDetails(paid);
    await user.type(screen.getByLabelText('Tracking number'), '1Z999AA10123456784');
    await user.click(screen.getByRole('button', { name: 'Mark shipped and email the customer' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Mark shipped' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Order #1001' })).toHaveFocus());
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('once cancelled and refunded from its confirmation, keeps the focus on the order: its title, not the page', async () => {
    const paid = {
      ...SAMPLE_ADMIN_ORDER,
      status: 'processing' as const,
      paymentStatus: 'paid' as const,
    };
    let cancelled = false;
    currentFetch().mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/cancel')) cancelled = true;
      const order = cancelled ? { ...paid, status: 'cancelled' as const, refunded: 5 } : paid;
      if (init?.method === 'POST') return json(order);
      if (url === `/api/admin/orders/${paid.id}`)
        return json({ ...order, history: [], adminNotes: [], proofHistory: [], engravedTexts: [] });
      return new Promise<Response>(() => {});
    });
    const { user, dialog } = await openDetails(paid);
    const amount = screen.getByLabelText('Refund amount ($)');
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: 'Cancel order and refund $5.00' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(
      within(confirm).getByRole('button', { name: 'Cancel order and refund $5.00' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByLabelText('Refund amount ($)')).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Order #1001' })).toHaveFocus());
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it.each(ORDER_STATUSES.filter((status) => status !== 'shipped'))(
    'offers no Mark completed for an order %s',
    async (status) => {
      currentFetch().mockImplementation(() => new Promise<Response>(() => {}));
      await openDetails({ ...SAMPLE_ADMIN_ORDER, status });
      expect(screen.queryByRole('button', { name: 'Mark completed' })).toBeNull();
    },
  );

  it('while a cancel waits on its refund’s answer, offers only to finish it, with the refund first asked for', async () => {
    const held = {
      ...SAMPLE_ADMIN_ORDER,
      status: 'processing' as const,
      paymentStatus: 'paid' as const,
      refundPending: { amount: 12.5, askedAt: '2025-03-06T15:00:00.000Z' },
    };
    currentFetch().mockImplementation(async (_input, init) =>
      init?.method === 'POST'
        ? json({ ...held, status: 'cancelled', refundPending: null, refunded: 12.5 })
        : json({ ...held, history: [], adminNotes: [], proofHistory: [], engravedTexts: [] }),
    );
    const { user, dialog } = await openDetails(held);
    expect(dialog).toHaveTextContent('Its refund of $12.50');
    expect(screen.queryByRole('heading', { name: 'Mark shipped' })).toBeNull();
    expect(screen.queryByLabelText('Refund amount ($)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Finish cancelling (refund $12.50)' }));
    const post = currentFetch().mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe(`/api/admin/orders/${held.id}/cancel`);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ refundAmount: 12.5, reason: '' });
  });

  it('says in the payment box what a cancel refunded, in part or in full', async () => {
    currentFetch().mockImplementation(() => new Promise<Response>(() => {}));
    const paid = { ...SAMPLE_ADMIN_ORDER, paymentId: 'sbx_1', paidAt: '2025-01-02T10:00:00.000Z' };
    await openDetails({ ...paid, status: 'cancelled', refunded: 5 });
    expect(
      await screen.findByText(`Refunded $5.00 of $${paid.total.toFixed(2)}`),
    ).toBeInTheDocument();
  });

  it('says on which day the refund was made (the day the books file it under)', async () => {
    currentFetch().mockImplementation(() => new Promise<Response>(() => {}));
    const paid = { ...SAMPLE_ADMIN_ORDER, paymentId: 'sbx_1', paidAt: '2025-01-02T10:00:00.000Z' };
    await openDetails({
      ...paid,
      status: 'cancelled',
      refunded: paid.total,
      refundedAt: '2025-01-05T15:30:00.000Z',
    });
    expect(
      await screen.findByText(`Refunded in full: $${paid.total.toFixed(2)} on January 5, 2025`),
    ).toBeInTheDocument();
  });

  it('says why the refund was made, as the payment provider was told, next to it', async () => {
    currentFetch().mockImplementation(() => new Promise<Response>(() => {}));
    const paid = { ...SAMPLE_ADMIN_ORDER, paymentId: 'sbx_1', paidAt: '2025-01-02T10:00:00.000Z' };
    const refunded = { ...paid, status: 'cancelled' as const, refunded: 5 };
    const { dialog } = await openDetails({ ...refunded, refundReason: 'Customer asked to cancel' });
    const payment = within(dialog).getByText('Refunded $5.00 of', { exact: false }).parentElement!;
    expect(within(payment).getByText('Reason: Customer asked to cancel')).toBeInTheDocument();
  });

  it('says no reason for a refund whose reason was not kept (null)', async () => {
    currentFetch().mockImplementation(() => new Promise<Response>(() => {}));
    const paid = { ...SAMPLE_ADMIN_ORDER, paymentId: 'sbx_1', paidAt: '2025-01-02T10:00:00.000Z' };
    const { dialog } = await openDetails({
      ...paid,
      status: 'cancelled',
      refunded: 5,
      refundReason: null,
    });
    expect(dialog).not.toHaveTextContent('Reason:');
  });
});
