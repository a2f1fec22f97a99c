import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrder } from '@shop/contracts/orders';
import { SAMPLE_ADMIN_ORDER } from '@shop/contracts/testing';
import { json, lastToast, renderPage, sentBody, setupShopTests } from '@shop/ui/testing';
import { PaymentBadge } from '../../../components/payment-badge';
import { CancelForm } from './order-action-forms';

const currentFetch = setupShopTests();

const order: AdminOrder = {
  ...SAMPLE_ADMIN_ORDER,
  total: 830.54,
};

describe('Cancel and refund', () => {
  it('asks first, naming the amount, with focus on keeping the order; keeping it calls nothing', async () => {
    const user = userEvent.setup();
    renderPage(<CancelForm order={order} />);
    await user.click(screen.getByRole('button', { name: 'Cancel order and refund $830.54' }));
    const ask = screen.getByRole('alertdialog', {
      name: 'Cancel order #1001 and refund $830.54?',
    });
    expect(ask).toHaveAccessibleDescription(
      "$830.54 of the $830.54 charged goes back to the customer's card, and the customer is emailed that the order is cancelled. This cannot be undone.",
    );
    const keep = within(ask).getByRole('button', { name: 'Keep the order' });
    expect(keep).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(currentFetch()).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel order and refund $830.54' })).toHaveFocus();
  });

  it('cancels once confirmed, with the amount typed', async () => {
    currentFetch().mockResolvedValueOnce(json({ ...order, status: 'cancelled', refunded: 5 }));
    const user = userEvent.setup();
    renderPage(<CancelForm order={order} />);
    const amount = screen.getByLabelText('Refund amount ($)');
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: 'Cancel order and refund $5.00' }));
    const ask = screen.getByRole('alertdialog', { name: 'Cancel order #1001 and refund $5.00?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel order and refund $5.00' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(currentFetch()).toHaveBeenCalledTimes(1);
    expect(currentFetch().mock.calls[0]?.[0]).toBe('/api/admin/orders/o1/cancel');
    expect(sentBody(currentFetch())).toEqual({ refundAmount: 5, reason: '' });
    expect(lastToast()).toMatchObject({ title: 'Order cancelled' });
  });

  it('takes the amount as the shop prints it, thousands separated, with or without its $', async () => {
    const large: AdminOrder = { ...order, total: 2345.67 };
    currentFetch().mockResolvedValueOnce(json({ ...large, status: 'cancelled', refunded: 1234.5 }));
    const user = userEvent.setup();
    renderPage(<CancelForm order={large} />);
    const amount = screen.getByLabelText('Refund amount ($)');
    await user.clear(amount);
    await user.type(amount, '1,234.50');
    expect(amount).toBeValid();
    expect(screen.getByRole('button', { name: 'Cancel order and refund $1,234.50' })).toBeEnabled();
    await user.clear(amount);
    await user.type(amount, '$1,234.50');
    await user.click(screen.getByRole('button', { name: 'Cancel order and refund $1,234.50' }));
    const ask = screen.getByRole('alertdialog', {
      name: 'Cancel order #1001 and refund $1,234.50?',
    });
    await user.click(
      within(ask).getByRole('button', { name: 'Cancel order and refund $1,234.50' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sentBody(currentFetch())).toEqual({ refundAmount: 1234.5, reason: '' });
  });

  it('refuses separators out of place and more than was charged, naming the range as the shop prints it', async () => {
    const large: AdminOrder = { ...order, total: 2345.67 };
    const user = userEvent.setup();
    renderPage(<CancelForm order={large} />);
    const amount = screen.getByLabelText('Refund amount ($)');
    for (const typed of ['12,34.50', '1,234,5', '2,345.68', '1e3', '-5']) {
      await user.clear(amount);
      await user.type(amount, typed);
      expect(amount, typed).toHaveAccessibleDescription('Enter an amount from $0.00 to $2,345.67');
      expect(screen.getByRole('button', { name: /^Cancel order and refund/ })).toBeDisabled();
    }
  });
});

describe('the payment badge', () => {
  it('says Refunded when everything was given back, Partly refunded when some was, Paid otherwise', () => {
    renderPage(
      <>
        <PaymentBadge order={{ paymentStatus: 'paid', total: 830.54, refunded: 830.54 }} />
        <PaymentBadge order={{ paymentStatus: 'paid', total: 830.54, refunded: 5 }} />
        <PaymentBadge order={{ paymentStatus: 'paid', total: 830.54, refunded: 0 }} />
      </>,
    );
    expect(screen.getByText('Refunded')).toBeInTheDocument();
    expect(screen.getByText('Partly refunded')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
  });
});
