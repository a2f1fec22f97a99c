import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useShopStore } from 'shell/store';
import { installFakePayments, paymentConfig, removeFakePayments } from '../testing/fake-payments';
import { lastToast, renderPage, resetShop, stubApi } from '@shop/ui/testing';
import { cartAnswer } from '../testing/fixtures';
import CheckoutPage from './checkout-page';
import { SAMPLE_CHECKOUT_FIELDS } from '@shop/contracts/testing';
import { CHECKOUT_PAGE_TOP } from '@shop/ui';

beforeEach(resetShop);
afterEach(() => {
  vi.unstubAllGlobals();
  removeFakePayments();
});

const completeButton = () =>
  screen.getByText(/Complete Payment|Processing Payment/).closest('button')!;

function fillDetails(overrides: Record<string, string> = {}) {
  const values: Record<string, string> = { ...SAMPLE_CHECKOUT_FIELDS, ...overrides };
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

/** The checkout of a cart with labels, its card form attached; the API's calls. */
async function openCheckout() {
  installFakePayments();
  const calls = stubApi({
    'GET /api/cart': { json: cartAnswer() },
    'GET /api/payment/config': { json: paymentConfig },
  });
  renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
  await waitFor(() => expect(completeButton()).toBeEnabled());
  return calls;
}

describe('checkout page', { timeout: 15_000 }, () => {
  it('says "No items in cart" when the cart is empty, and no longer promises a payment below', async () => {
    stubApi({
      'GET /api/cart': { json: cartAnswer({ items: [], itemCount: 0, subtotal: 0, total: 0 }) },
    });
    renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
    expect(await screen.findByRole('heading', { name: 'No items in cart' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Payment' })).not.toBeInTheDocument();
    expect(screen.queryByText(CHECKOUT_PAGE_TOP.intro)).not.toBeInTheDocument();
  });

  it('keeps its intro while the cart loads and once it holds labels', async () => {
    stubApi({
      'GET /api/cart': { json: cartAnswer() },
      'GET /api/payment/config': { json: paymentConfig },
    });
    renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
    expect(screen.getByText(CHECKOUT_PAGE_TOP.intro)).toBeInTheDocument();
    expect(await screen.findByText('Contact & Shipping')).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_PAGE_TOP.intro)).toBeInTheDocument();
  });

  it('keeps Complete Payment disabled until the card form is attached', async () => {
    const payments = installFakePayments({ attachImmediately: false });
    stubApi({
      'GET /api/cart': { json: cartAnswer() },
      'GET /api/payment/config': { json: paymentConfig },
    });
    renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
    expect(await screen.findByText('Loading secure card form…')).toBeInTheDocument();
    expect(completeButton()).toBeDisabled();
    await waitFor(() => expect(payments.card.attach).toHaveBeenCalledWith('#card-container'));
    payments.finishAttach();
    await waitFor(() => expect(completeButton()).toBeEnabled());
  });

  it('says payment is being configured when the config cannot be read, and stays disabled', async () => {
    stubApi({
      'GET /api/cart': { json: cartAnswer() },
      'GET /api/payment/config': { status: 503, json: { message: 'Payments are not configured' } },
    });
    renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Payment Setup Error',
        description: 'Payment processing is currently being configured. Please try again later.',
      }),
    );
    expect(completeButton()).toBeDisabled();
  });

  it('says the form could not be set up when the card form fails to attach', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const payments = installFakePayments({ attachImmediately: false });
    stubApi({
      'GET /api/cart': { json: cartAnswer() },
      'GET /api/payment/config': { json: paymentConfig },
    });
    renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
    await waitFor(() => expect(payments.card.attach).toHaveBeenCalled());
    payments.failAttach();
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Payment Setup Error',
        description: 'Unable to initialize payment form. Please refresh and try again.',
      }),
    );
    expect(completeButton()).toBeDisabled();
    error.mockRestore();
  });

  it('lists the missing fields, marks each one and moves focus to the first', async () => {
    const calls = await openCheckout();
    fillDetails({ 'First Name': '', Company: '' });
    await userEvent.click(completeButton());

    expect(lastToast()).toMatchObject({
      title: 'Required Information Missing',
      description: 'Please fill in: First Name, Company',
      variant: 'destructive',
    });
    const firstName = screen.getByRole('textbox', { name: 'First Name' });
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('First Name is required.');
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveAccessibleDescription(
      'Company is required.',
    );
    expect(calls.some((c) => c.path === '/api/orders')).toBe(false);
  });

  it('keeps the missing-fields toast true as the fields are filled, and closes it once none is missing', async () => {
    await openCheckout();
    fillDetails({ 'First Name': '', Company: '', City: '' });
    await userEvent.click(completeButton());
    const raised = lastToast()!;
    expect(raised).toMatchObject({
      description: 'Please fill in: First Name, Company, City',
      open: true,
    });

    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme' } });
    expect(lastToast()).toMatchObject({
      id: raised.id,
      title: 'Required Information Missing',
      description: 'Please fill in: First Name, City',
      open: true,
    });
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: '  ' } });
    expect(lastToast()).toMatchObject({
      description: 'Please fill in: First Name, City',
      open: true,
    });
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Ada' } });
    expect(lastToast()).toMatchObject({ description: 'Please fill in: City', open: true });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Springfield' } });
    expect(lastToast()).toMatchObject({ id: raised.id, open: false });
  });

  it('shows the email, address and ZIP messages on their fields', async () => {
    await openCheckout();
    fillDetails({
      'Email Address': 'ada@',
      'Street Address': 'Main Street',
      'ZIP/Postal Code': '6060',
    });
    await userEvent.click(completeButton());

    const email = screen.getByRole('textbox', { name: 'Email Address' });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription(
      'Please enter a valid email address (e.g., name@company.com).',
    );
    expect(screen.getByText('Please include a street number in your address.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ZIP/Postal Code' })).toHaveAccessibleDescription(
      'Please enter a valid US ZIP code (12345) or Canadian postal code (V1A 1A1).',
    );
    expect(lastToast()?.description).toBe('3 fields need a change: see the message under each.');
  });

  it('says in one short sentence how many fields need a change, each field saying what (a phone shows the toast over the form)', async () => {
    await openCheckout();
    fillDetails({
      'Phone Number': 'call me',
      'Email Address': 'ada@',
      'Street Address': 'Main Street',
      'ZIP/Postal Code': '6060',
    });
    await userEvent.click(completeButton());

    const phone = screen.getByRole('textbox', { name: 'Phone Number' });
    await waitFor(() => expect(phone).toHaveFocus());
    expect(lastToast()).toMatchObject({
      title: 'Please check your details',
      description: '4 fields need a change: see the message under each.',
      variant: 'destructive',
    });
    expect(phone).toHaveAccessibleDescription(
      'Please enter a valid phone number (e.g., 312 555 0100).',
    );
    expect(screen.getByRole('textbox', { name: 'Email Address' })).toHaveAccessibleDescription(
      'Please enter a valid email address (e.g., name@company.com).',
    );
    expect(screen.getByRole('textbox', { name: 'Street Address' })).toHaveAccessibleDescription(
      /Please include a street number in your address\.$/,
    );
    expect(screen.getByRole('textbox', { name: 'ZIP/Postal Code' })).toHaveAccessibleDescription(
      'Please enter a valid US ZIP code (12345) or Canadian postal code (V1A 1A1).',
    );

    // One field: the toast names it.
    fillDetails({ 'ZIP/Postal Code': '6060' });
    await userEvent.click(completeButton());
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'ZIP/Postal Code' })).toHaveFocus(),
    );
    expect(lastToast()).toMatchObject({
      title: 'Please check your details',
      description: 'ZIP/Postal Code needs a change: see the message under it.',
    });
  });

  it('shows the phone and Canadian postal code messages on their fields, before any order is sent', async () => {
    const calls = await openCheckout();
    // O is never in a Canadian postal code; "call me" has no number to dial.
    fillDetails({
      'Phone Number': 'call me',
      City: 'Toronto',
      State: 'ON',
      'ZIP/Postal Code': 'M5V 3O9',
    });
    await userEvent.click(completeButton());

    const phone = screen.getByRole('textbox', { name: 'Phone Number' });
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(
      'Please enter a valid phone number (e.g., 312 555 0100).',
    );
    expect(screen.getByRole('textbox', { name: 'ZIP/Postal Code' })).toHaveAccessibleDescription(
      'Please enter a valid US ZIP code (12345) or Canadian postal code (V1A 1A1).',
    );
    expect(lastToast()).toMatchObject({
      description: '2 fields need a change: see the message under each.',
      variant: 'destructive',
    });
    // Nor is the tax or the quote asked for a code the shop cannot place.
    expect(calls.some((c) => c.path === '/api/orders' || c.path === '/api/checkout/quote')).toBe(
      false,
    );
    expect(calls.some((c) => c.path.startsWith('/api/cart?'))).toBe(false);
  });

  it('shows a Canadian postal code as the shop keeps it ("M5V 3L9") once the shopper leaves the field', async () => {
    stubApi({
      'GET /api/cart': { json: cartAnswer() },
      'GET /api/payment/config': { json: paymentConfig },
    });
    renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
    const zip = await screen.findByRole('textbox', { name: 'ZIP/Postal Code' });
    await userEvent.type(zip, 'm5v-3l9');
    expect(zip).toHaveValue('m5v-3l9');
    await userEvent.tab();
    expect(zip).toHaveValue('M5V 3L9');
    // What is not a postal code stays as typed, for the shopper to correct.
    await userEvent.clear(zip);
    await userEvent.type(zip, 'm5v-3o9');
    await userEvent.tab();
    expect(zip).toHaveValue('m5v-3o9');
  });

  it('refuses a ZIP in another state than the State, on the ZIP field, before any order is sent', async () => {
    const calls = await openCheckout();
    fillDetails({ City: 'Chicago', State: 'IL', 'ZIP/Postal Code': '10001' });
    await userEvent.click(completeButton());

    const message =
      'ZIP/Postal Code 10001 is in New York (NY), not Illinois (IL). Please check the State and ZIP/Postal Code.';
    const zip = screen.getByRole('textbox', { name: 'ZIP/Postal Code' });
    await waitFor(() => expect(zip).toHaveFocus());
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription(message);
    expect(lastToast()).toMatchObject({
      description: 'ZIP/Postal Code needs a change: see the message under it.',
      variant: 'destructive',
    });
    expect(calls.some((c) => c.path === '/api/orders')).toBe(false);
  });

  it('quotes no tax or shipping for a ZIP in another state than the State, and says why', async () => {
    const cart = cartAnswer();
    const quote = (region: string) => ({
      subtotal: cart.subtotal,
      discountCode: null,
      discountAmount: 0,
      shipping: 9.5,
      shippingCarrier: 'usps',
      tax: 0.89,
      taxRegion: region,
      total: cart.subtotal + 9.5 + 0.89,
    });
    const calls = stubApi({
      'GET /api/cart': { json: cart },
      'GET /api/cart?zipCode=10001': {
        json: { ...cart, tax: { region: 'NY', amount: 0.89 }, total: cart.subtotal + 0.89 },
      },
      'GET /api/payment/config': { json: paymentConfig },
      'POST /api/shipping-estimate': {
        json: { success: true, estimate: { rates: { usps: 9.5, ups: 12 } } },
      },
      'POST /api/checkout/quote': { json: quote('NY') },
    });
    renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
    fireEvent.change(await screen.findByLabelText('State'), { target: { value: 'IL' } });
    fireEvent.change(screen.getByLabelText('ZIP/Postal Code'), { target: { value: '10001' } });

    const summary = screen.getByTestId('checkout-summary');
    const message =
      'ZIP/Postal Code 10001 is in New York (NY), not Illinois (IL). Please check the State and ZIP/Postal Code.';
    await waitFor(() => expect(summary).toHaveTextContent(message));
    expect(within(summary).getByTestId('checkout-tax')).toHaveTextContent(
      /^TaxCheck State and ZIP$/,
    );
    expect(within(summary).getByTestId('checkout-shipping')).toHaveTextContent(
      /^ShippingCheck State and ZIP$/,
    );
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent(
      `Estimated total$${cart.total.toFixed(2)}`,
    );
    expect(
      calls.filter((c) =>
        ['/api/cart?zipCode=10001', '/api/shipping-estimate', '/api/checkout/quote'].includes(
          c.path,
        ),
      ),
    ).toEqual([]);

    // Once the State agrees with the ZIP, the summary quotes it.
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'NY' } });
    await waitFor(() =>
      expect(within(summary).getByTestId('checkout-tax')).toHaveTextContent('Tax (NY)$0.89'),
    );
    expect(summary).not.toHaveTextContent(message);
  });

  it('estimates shipping per item once the ZIP has five digits and charges the cheaper carrier', async () => {
    installFakePayments();
    const twoItems = cartAnswer();
    const second = { ...twoItems.items[0]!, id: '66aa00000000000000000002', quantity: 50 };
    twoItems.items.push(second);
    const rates: Record<number, { usps: number; ups: number }> = {
      2: { usps: 9.5, ups: 12 },
      50: { usps: 14, ups: 13.25 },
    };
    const calls = stubApi({
      'GET /api/cart': { json: twoItems },
      'GET /api/cart?zipCode=60601': {
        json: { ...twoItems, tax: { region: 'IL', amount: 1.05 }, total: 11.45 },
      },
      'GET /api/payment/config': { json: paymentConfig },
      'POST /api/shipping-estimate': (call) => ({
        json: {
          success: true,
          estimate: { rates: rates[(call.body as { quantity: number }).quantity] },
        },
      }),
    });
    renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
    const zip = await screen.findByRole('textbox', { name: 'ZIP/Postal Code' });
    await userEvent.type(zip, '6060');
    await new Promise((r) => setTimeout(r, 500));
    expect(calls.some((c) => c.path === '/api/shipping-estimate')).toBe(false);

    await userEvent.type(zip, '1');
    const summary = screen.getByTestId('checkout-summary');
    // USPS's highest is 14.00, UPS's 13.25: UPS is charged.
    await waitFor(() =>
      expect(within(summary).getByTestId('checkout-shipping')).toHaveTextContent(
        'Shipping (UPS)$13.25',
      ),
    );
    expect(calls.filter((c) => c.path === '/api/shipping-estimate').map((c) => c.body)).toEqual([
      { labelType: 'phenolic', height: 2, width: 3, quantity: 2, toZip: '60601' },
      { labelType: 'phenolic', height: 2, width: 3, quantity: 50, toZip: '60601' },
    ]);
    await waitFor(() =>
      expect(within(summary).getByTestId('checkout-tax')).toHaveTextContent('Tax (IL)$1.05'),
    );
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('$24.70');
  });

  it('when the cart read with tax says another tab changed it, reads the page’s own cart again', async () => {
    installFakePayments();
    const one = cartAnswer();
    const changed = { ...one, items: [{ ...one.items[0]!, quantity: 5 }], itemCount: 5 };
    let plain = one;
    const calls = stubApi({
      'GET /api/cart': () => ({ json: plain }),
      'GET /api/cart?zipCode=60601': { json: changed },
      'GET /api/payment/config': { json: paymentConfig },
    });
    renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
    const zip = await screen.findByRole('textbox', { name: 'ZIP/Postal Code' });
    plain = changed; // the other tab's change, which the page has not read
    await userEvent.type(zip, '60601');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/cart')).toHaveLength(2));
    await waitFor(() => expect(useShopStore.getState().cart.itemCount).toBe(5));
  });

  it('for a Canadian postal code, shows the server’s quote with the carrier it charges', async () => {
    const cart = cartAnswer();
    stubApi({
      'GET /api/cart': { json: cart },
      'GET /api/cart?zipCode=M5V%202T6': {
        json: { ...cart, tax: { region: 'ON', amount: 0 }, total: cart.subtotal },
      },
      'GET /api/payment/config': { json: paymentConfig },
      'POST /api/checkout/quote': {
        json: {
          subtotal: cart.subtotal,
          discountCode: null,
          discountAmount: 0,
          shipping: 26,
          shippingCarrier: 'ups',
          tax: 0,
          taxRegion: 'ON',
          total: cart.subtotal + 26,
        },
      },
    });
    renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'ZIP/Postal Code' }),
      'M5V 2T6',
    );
    const summary = screen.getByTestId('checkout-summary');
    await waitFor(() =>
      expect(within(summary).getByTestId('checkout-shipping')).toHaveTextContent(
        'Shipping (UPS)$26.00',
      ),
    );
  });

  it('does not offer to skip the proof when a line’s text is too small to engrave, and says which line', async () => {
    const line = cartAnswer().items[0]!;
    const tiny = {
      ...line,
      id: '66aa00000000000000000002',
      productConfig: {
        ...line.productConfig,
        width: 1,
        height: 0.75,
        customText: 'MAIN SUPPLY PUMP ISOLATION VALVE',
      },
    };
    stubApi({ 'GET /api/cart': { json: cartAnswer({ items: [line, tiny] }) } });
    renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
    const skip = await screen.findByRole('checkbox', { name: 'Skip the proof, engrave as shown' });
    expect(skip).toBeDisabled();
    expect(skip).not.toBeChecked();
    expect(skip).toHaveAccessibleDescription(
      /Label 2: the text is too small to engrave legibly at this size, so this order gets a proof\./,
    );
  });

  it('offers to skip the proof when every line can be engraved as shown', async () => {
    stubApi({ 'GET /api/cart': { json: cartAnswer() } });
    renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
    const skip = await screen.findByRole('checkbox', { name: 'Skip the proof, engrave as shown' });
    expect(skip).toBeEnabled();
    expect(skip).not.toHaveAccessibleDescription(/too small/);
  });

  it('pays: creates the order, tokenizes, completes, empties the cart badge and opens the confirmation', async () => {
    const payments = installFakePayments();
    useShopStore.setState({ cart: { itemCount: 2, subtotal: 10.4, total: 10.4 } });
    let paid = false;
    const calls = stubApi({
      // The API empties the cart once the payment completes.
      'GET /api/cart': () => ({
        json: paid ? cartAnswer({ items: [], itemCount: 0, subtotal: 0, total: 0 }) : cartAnswer(),
      }),
      'GET /api/cart?zipCode=60601': {
        json: cartAnswer({ tax: { region: 'IL', amount: 1.05 }, total: 11.45 }),
      },
      'GET /api/payment/config': { json: paymentConfig },
      'POST /api/shipping-estimate': {
        json: { success: true, estimate: { rates: { usps: 9.5, ups: 12 } } },
      },
      'POST /api/orders': {
        status: 201,
        json: { orderId: '66bb00000000000000000001', orderNumber: 1001, total: 20.95 },
      },
      'POST /api/payment/complete': () => {
        paid = true;
        return {
          json: {
            success: true,
            orderId: '66bb00000000000000000001',
            orderNumber: 1001,
            total: 20.95,
            paymentId: 'pay_1',
          },
        };
      },
    });
    renderPage(<CheckoutPage />, { path: '/checkout', routePath: '/checkout' });
    await waitFor(() => expect(completeButton()).toBeEnabled());
    fillDetails();
    await userEvent.click(completeButton());

    expect(completeButton()).toBeDisabled();
    expect(completeButton()).toHaveTextContent('Processing Payment…');
    await waitFor(
      () =>
        expect(screen.getByTestId('location')).toHaveTextContent(
          '/confirmation/66bb00000000000000000001',
        ),
      {
        timeout: 4000,
      },
    );
    expect(payments.card.tokenize).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.path === '/api/orders')?.body).toEqual({
      customerInfo: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '312 555 0100',
        email: 'ada@example.com',
        company: 'Analytical Engines',
        street: '120 Main St',
        city: 'Chicago',
        state: 'IL',
        zipCode: '60601',
      },
      notes: null,
      // The box is left unticked: the order waits for the customer's proof approval.
      skipProof: false,
    });
    expect(calls.find((c) => c.path === '/api/payment/complete')?.body).toEqual({
      orderId: '66bb00000000000000000001',
      paymentId: 'cnon:card-nonce-ok',
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      customerPhone: '312 555 0100',
      customerCompany: 'Analytical Engines',
      customerAddress: '120 Main St, Chicago, IL',
      customerZipCode: '60601',
    });
    expect(JSON.parse(sessionStorage.getItem('last-order')!)).toEqual({
      orderId: '66bb00000000000000000001',
      orderNumber: 1001,
      total: 20.95,
      email: 'ada@example.com',
      skipProof: false,
      signedIn: false,
      details: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '312 555 0100',
        company: 'Analytical Engines',
        address: '120 Main St, Chicago, IL',
        zipCode: '60601',
      },
    });
    expect(useShopStore.getState().cart).toEqual({ itemCount: 0, subtotal: 0, total: 0 });
    // The cart is read again after paying; the quote of the cart just paid is not asked again of
    // the server, whose cart is empty now (it answered 400).
    const paidAt = calls.findIndex((c) => c.path === '/api/payment/complete');
    await waitFor(() =>
      expect(calls.slice(paidAt).some((c) => c.key === 'GET /api/cart')).toBe(true),
    );
    expect(calls.slice(paidAt).filter((c) => c.path === '/api/checkout/quote')).toEqual([]);
  });
});
