import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, resetShop, stubApi } from '@shop/ui/testing';
import { OrderAgainButton } from './order-again-button';

beforeEach(resetShop);
afterEach(() => vi.unstubAllGlobals());

const ORDER = { id: 'o1', orderNumber: 1001 };

function renderSeriesButton() {
  stubApi({
    'GET /api/orders/o1/reorder': {
      json: {
        series: [{ lineId: 'l1', quantity: 3, repeat: '1–3', continue: '4–6', nextStart: 4 }],
      },
    },
  });
  renderPage(<OrderAgainButton order={ORDER} hasSeries />);
  return screen.getByRole('button', { name: 'Order again: order #1001' });
}

const choices = () =>
  screen.queryByRole('group', { name: "Order again: order #1001's numbered series" });

describe('OrderAgainButton with a numbered series', () => {
  it('closes its choices on Escape pressed on the button, which keeps the focus', async () => {
    const button = renderSeriesButton();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(choices()).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(choices()).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes its choices on Escape pressed in them, and brings the focus back to the button', async () => {
    const button = renderSeriesButton();
    await userEvent.click(button);
    const repeat = screen.getByRole('button', { name: 'Repeat the same numbers' });
    await waitFor(() => expect(repeat).toBeEnabled());
    repeat.focus();

    await userEvent.keyboard('{Escape}');
    expect(choices()).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
