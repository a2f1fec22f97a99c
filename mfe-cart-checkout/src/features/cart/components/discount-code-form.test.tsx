import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useShopStore } from 'shell/store';
import { lastToast, renderPage, resetShop, stubApi } from '@shop/ui/testing';
import { cartAnswer } from '../../../testing/fixtures';
import { DiscountCodeForm } from './discount-code-form';

const saved = { code: 'SAVE10', description: '10% off', amount: 4 };

beforeEach(resetShop);
afterEach(() => vi.unstubAllGlobals());

function renderForm(subtotal = 40) {
  return renderPage(<DiscountCodeForm subtotal={subtotal} />, {
    path: '/cart',
    routePath: '/cart',
  });
}

describe('discount code entry', () => {
  it('asks for a code when none is entered, ties the message to the field and sends nothing', async () => {
    const calls = stubApi({});
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    const input = screen.getByLabelText('Discount code');
    // The entry is checked once the cart's schemas have loaded (features/cart/api/cart-schemas.ts).
    expect(await screen.findByText('Please enter a discount code')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a discount code');
    expect(input).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('treats spaces alone as no code', async () => {
    stubApi({});
    renderForm();
    await userEvent.type(screen.getByLabelText('Discount code'), '   {Enter}');
    expect(await screen.findByText('Please enter a discount code')).toBeInTheDocument();
  });

  it('sends the code upper-case with the subtotal, applies it and saves it to the cart session', async () => {
    const calls = stubApi({
      'POST /api/discount-codes/apply': {
        json: {
          valid: true,
          discountCode: { code: 'SAVE10', description: '10% off' },
          discountAmount: 4,
          newTotal: 36,
        },
      },
      'POST /api/cart/session': { json: {} },
      'GET /api/cart': { json: cartAnswer({ discount: saved }) },
    });
    renderForm(40);
    await userEvent.type(screen.getByLabelText('Discount code'), ' save10 ');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(calls.some((c) => c.path === '/api/cart/session')).toBe(true));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/discount-codes/apply',
      body: { code: 'SAVE10', subtotal: 40 },
    });
    expect(calls[1]).toMatchObject({
      method: 'POST',
      path: '/api/cart/session',
      body: {
        discountCode: 'SAVE10',
        discountAmount: 4,
        discountData: { code: 'SAVE10', description: '10% off' },
      },
    });
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Discount applied!' }));
    await waitFor(() =>
      expect(useShopStore.getState().discount).toEqual({
        code: 'SAVE10',
        description: '10% off',
        amount: 4,
      }),
    );
    expect(await screen.findByTestId('applied-discount')).toHaveTextContent('SAVE10');
    // The Apply pressed is gone: the applied code's Remove has the focus.
    expect(screen.getByRole('button', { name: 'Remove discount SAVE10' })).toHaveFocus();
  });

  it('says what the code takes off this order, not only its description', async () => {
    // A fixed $100.00 off on a $50.96 cart takes $50.96 off.
    useShopStore.setState({
      discount: { code: 'BIG100', description: '$100.00 off', amount: 50.96 },
    });
    stubApi({});
    const { unmount } = renderForm(50.96);
    const applied = screen.getByTestId('applied-discount');
    expect(applied).toHaveTextContent('$100.00 off');
    expect(screen.getByTestId('applied-discount-amount')).toHaveTextContent(
      '$50.96 off this order (the whole subtotal)',
    );
    unmount();

    useShopStore.setState({ discount: saved });
    renderForm(40);
    expect(screen.getByTestId('applied-discount-amount')).toHaveTextContent('$4.00 off this order');
    expect(screen.getByTestId('applied-discount-amount')).not.toHaveTextContent('whole');
  });

  it('shows the server message when the code cannot be used (200, valid false)', async () => {
    stubApi({
      'POST /api/discount-codes/apply': {
        json: {
          valid: false,
          reason: 'expired',
          message: 'This discount code has expired',
          discountCode: null,
          discountAmount: 0,
          newTotal: 40,
        },
      },
    });
    renderForm();
    await userEvent.type(screen.getByLabelText('Discount code'), 'OLD');
    screen.getByRole('button', { name: 'Apply' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Discount code invalid',
        description: 'This discount code has expired',
        variant: 'destructive',
      }),
    );
    expect(useShopStore.getState().discount).toBeNull();
    // The cursor goes back to the code, to correct it.
    expect(screen.getByLabelText('Discount code')).toHaveFocus();
  });

  it('shows the server message of a 4xx answer, or the default when there is none', async () => {
    let answer: { status: number; json?: unknown; text?: string } = {
      status: 429,
      json: { message: 'Too many attempts, try again later' },
    };
    stubApi({ 'POST /api/discount-codes/apply': () => answer });
    renderForm();
    const input = screen.getByLabelText('Discount code');
    await userEvent.type(input, 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Discount code invalid',
        description: 'Too many attempts, try again later',
      }),
    );

    answer = { status: 502, text: '<html>Bad gateway</html>' };
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Discount code invalid',
        description: 'Failed to apply discount code',
      }),
    );
  });

  it('removes an applied discount: clears the cart session and says so', async () => {
    useShopStore.setState({ discount: { code: 'SAVE10', description: '10% off', amount: 4 } });
    const calls = stubApi({
      'POST /api/cart/session': { json: {} },
      'GET /api/cart': { json: cartAnswer({ discount: null }) },
    });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Remove discount SAVE10' }));
    await waitFor(() =>
      expect(calls[0]).toMatchObject({
        method: 'POST',
        path: '/api/cart/session',
        body: { discountCode: null, discountAmount: null, discountData: null },
      }),
    );
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Discount removed' }));
    expect(useShopStore.getState().discount).toBeNull();
    expect(await screen.findByLabelText('Discount code')).toHaveFocus();
  });

  it('tells a code the cart could not keep as not applied, and keeps it in the box', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({
      'POST /api/discount-codes/apply': {
        json: {
          valid: true,
          discountCode: { code: 'SAVE10', description: '' },
          discountAmount: 4,
          newTotal: 36,
        },
      },
      'POST /api/cart/session': {
        status: 429,
        json: { message: 'Too many discount code checks. Please try again later.' },
      },
      'GET /api/cart': { json: cartAnswer({ discount: null }) },
    });
    renderForm();
    await userEvent.type(screen.getByLabelText('Discount code'), 'save10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Discount code invalid',
        description: 'Too many discount code checks. Please try again later.',
        variant: 'destructive',
      }),
    );
    expect(warn).toHaveBeenCalled();
    // Not applied on the server, so not shown as applied: the checkout would not honour it.
    expect(screen.getByLabelText('Discount code')).toHaveValue('save10');
    expect(useShopStore.getState().discount).toBeNull();
    warn.mockRestore();
  });

  it('tells a removal the cart could not save, and keeps showing the discount it still holds', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    useShopStore.setState({ discount: { code: 'SAVE10', description: '10% off', amount: 4 } });
    stubApi({
      'POST /api/cart/session': { status: 503, text: 'Service unavailable' },
      'GET /api/cart': { json: cartAnswer({ discount: saved }) },
    });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Remove discount SAVE10' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Discount not removed',
        description: 'Your discount is still applied. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByTestId('applied-discount')).toHaveTextContent('SAVE10');
    expect(useShopStore.getState().discount).toMatchObject({ code: 'SAVE10' });
    warn.mockRestore();
  });
});
