import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useShopStore } from 'shell/store';
import type { OrderDetail } from '@shop/contracts/orders';
import type { OrderProof } from '@shop/contracts/proof-workflow';
import { EMPTY_CART } from '@shop/contracts/empty-cart';
import { theme } from '@shop/ui';
import { TEST_USER, json, lastToast, renderPage, setupShopTests } from '@shop/ui/testing';
import userEvent from '@testing-library/user-event';
import { OrderPage } from './order-page';

const currentFetch = setupShopTests();

const order = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: '64b7f0c2a1b2c3d4e5f60718',
  orderNumber: 1001,
  createdAt: '2025-03-05T14:30:00.000Z',
  status: 'shipped',
  paymentStatus: 'paid',
  subtotal: 10.4,
  discountCode: 'SAVE10',
  discountAmount: 1.04,
  shipping: 5.5,
  tax: 0.83,
  total: 15.69,
  notes: null,
  shipment: {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    shippedAt: '2025-03-07T10:00:00.000Z',
  },
  refunded: 0,
  proofStatus: 'approved',
  customerInfo: {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    phone: '555-0100',
    company: 'Acme Pumps',
    street: '1 Main St',
    city: 'New York',
    state: 'NY',
    zipCode: '10001',
  },
  taxRegion: 'NY',
  paidAt: '2025-03-05T14:31:00.000Z',
  history: [
    { at: '2025-03-05T14:30:00.000Z', status: 'pending_payment' },
    { at: '2025-03-05T14:31:00.000Z', status: 'processing' },
    { at: '2025-03-07T10:00:00.000Z', status: 'shipped' },
  ],
  items: [
    {
      id: 'i1',
      productConfig: {
        material: 'phenolic',
        width: 3,
        height: 2,
        color: 'yellow-black',
        mounting: 'adhesive',
        customText: 'PUMP 1',
      },
      files: [{ hashedName: 'abc.pdf', originalName: 'logo.pdf' }],
      quantity: 2,
      unitPrice: 5.2,
      totalPrice: 10.4,
    },
  ],
  ...overrides,
});

describe('OrderPage', () => {
  it('draws each line as the configurator does, with artwork, totals, address, steps and tracking', async () => {
    currentFetch().mockResolvedValueOnce(json(order()));
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrderPage orderNumber="1001" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1001' })).toBeVisible();
    expect(currentFetch().mock.calls[0]?.[0]).toBe('/api/orders/by-number/1001');
    // The details show once the proof's answer is in (here, none: the section says so).
    const line = await screen.findByTestId('order-line');
    const preview = within(line).getByTestId('label-preview');
    expect(within(preview).getByTestId('label-preview-text')).toHaveTextContent('PUMP 1');
    expect(within(preview).getByTestId('label-preview-plate')).toHaveAttribute('fill', '#facc15');
    expect(within(line).getByRole('list', { name: 'Artwork files' })).toHaveTextContent('logo.pdf');
    expect(screen.getByText('Discount (SAVE10)')).toBeInTheDocument();
    expect(screen.getByText('Tax (NY)')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$15.69');
    expect(screen.getByText(/1 Main St/)).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.querySelector('strong')?.textContent)).toEqual([
      'Placed',
      'Processing',
      'Shipped',
    ]);
    expect(screen.getByRole('link', { name: /Track your parcel/ })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
  });

  it("draws a series line's first label with its code, as the configurator does (bwip-js)", async () => {
    const series = (type: 'qrcode' | 'code128', value: string) => ({
      id: type,
      productConfig: {
        material: 'phenolic' as const,
        width: 3,
        height: 1.5,
        color: 'black-white' as const,
        mounting: 'no-mounting' as const,
        customText: 'PUMP {n}',
        series: { start: 1501, step: 1, padding: 0 },
        code: { type, placement: 'beside' as const, value },
      },
      files: [],
      quantity: 500,
      unitPrice: 3.5,
      totalPrice: 1750,
    });
    currentFetch().mockResolvedValueOnce(
      json(
        order({
          items: [series('qrcode', 'https://assets.example.com/t/{n}'), series('code128', '{n}')],
        }),
      ),
    );
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrderPage orderNumber="1001" />);

    const lines = await screen.findAllByTestId('order-line');
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(within(line).getByTestId('label-preview-text')).toHaveTextContent('PUMP 1501');
      const code = within(line).getByTestId('label-preview-code');
      await waitFor(() => expect(code).toHaveAttribute('data-state', 'shown'));
      expect(code.querySelector('path')?.getAttribute('d')).toBeTruthy();
    }
  });

  it("draws a spreadsheet line's first row, with its code, and names the rows beside it", async () => {
    const sheetLine = (firstLabel?: { text: string; codeValue: string | null }) => ({
      id: firstLabel ? 'kept' : 'older',
      productConfig: {
        material: 'phenolic' as const,
        width: 3,
        height: 1.5,
        color: 'white-black' as const,
        mounting: 'no-mounting' as const,
        customText: '',
        code: { type: 'code128' as const, placement: 'below' as const, value: '' },
        rows: {
          sheetId: 'a'.repeat(24),
          textColumns: [1],
          codeColumn: 0,
          originalName: 'valves.csv',
          ...(firstLabel ? { firstLabel } : {}),
        },
      },
      files: [],
      quantity: 40,
      unitPrice: 3.6,
      totalPrice: 144,
    });
    currentFetch().mockResolvedValueOnce(
      json(order({ items: [sheetLine({ text: 'Valve 1', codeValue: 'V-1000' }), sheetLine()] })),
    );
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrderPage orderNumber="1001" />);

    const [kept, older] = await screen.findAllByTestId('order-line');
    expect(within(kept!).getByTestId('label-preview-text')).toHaveTextContent('Valve 1');
    const code = within(kept!).getByTestId('label-preview-code');
    await waitFor(() => expect(code).toHaveAttribute('data-state', 'shown'));
    expect(within(kept!).getByTestId('order-line-rows')).toHaveTextContent(
      'valves.csv: 40 rows, one label each',
    );
    // A line kept before lines kept their first label: the plate, its code's place outlined.
    expect(within(older!).getByTestId('label-preview-text')).toHaveTextContent('');
    expect(within(older!).getByTestId('label-preview-code')).toHaveAttribute(
      'data-state',
      'loading',
    );
  });

  it('leads a cancelled order with its outcome and the refund, and puts what the app adds below', async () => {
    currentFetch().mockResolvedValueOnce(
      json(
        order({
          status: 'cancelled',
          refunded: 15.69,
          shipment: null,
          history: [
            { at: '2025-03-05T14:30:00.000Z', status: 'pending_payment' },
            { at: '2025-03-05T14:31:00.000Z', status: 'awaiting_proof' },
            { at: '2025-03-06T09:00:00.000Z', status: 'cancelled' },
          ],
        }),
      ),
    );
    useShopStore.getState().setUser(TEST_USER);
    renderPage(
      <OrderPage
        orderNumber="1001"
        extras={(placed) => <p data-testid="extras">proof of {placed.status} order</p>}
      />,
    );
    const outcome = await screen.findByTestId('order-outcome');
    expect(outcome).toHaveTextContent('Cancelled on March 6, 2025');
    expect(outcome).toHaveTextContent('The $15.69 you paid was refunded to your card.');
    const extras = screen.getByTestId('extras');
    expect(extras).toHaveTextContent('proof of cancelled order');
    const progress = screen.getByRole('list', { name: 'Order progress' });
    // Below the order's details, not between its heading and its outcome.
    expect(
      progress.compareDocumentPosition(extras) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows the parcel of an order cancelled after it shipped, under the cancellation', async () => {
    currentFetch().mockResolvedValueOnce(
      json(
        order({
          status: 'cancelled',
          refunded: 5,
          history: [
            { at: '2025-03-05T14:30:00.000Z', status: 'pending_payment' },
            { at: '2025-03-07T10:00:00.000Z', status: 'shipped' },
            { at: '2025-03-09T09:00:00.000Z', status: 'cancelled' },
          ],
        }),
      ),
    );
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrderPage orderNumber="1001" />);
    const outcome = await screen.findByTestId('order-outcome');
    expect(outcome).toHaveTextContent('Cancelled on March 9, 2025');
    const tracking = screen.getByTestId('order-tracking');
    expect(tracking).toHaveTextContent('Shipped with UPS on March 7, 2025');
    expect(tracking).toHaveTextContent('Tracking number 1Z999AA10123456784');
    expect(
      outcome.compareDocumentPosition(tracking) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('puts what the app adds (the proof) under the heading while the order waits for it', async () => {
    currentFetch().mockResolvedValueOnce(json(order({ status: 'awaiting_proof', shipment: null })));
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrderPage orderNumber="1001" extras={() => <p data-testid="extras">proof</p>} />);
    const extras = await screen.findByTestId('extras');
    const progress = screen.getByRole('list', { name: 'Order progress' });
    expect(
      progress.compareDocumentPosition(extras) & Node.DOCUMENT_POSITION_PRECEDING,
    ).toBeTruthy();
    expect(screen.queryByTestId('order-outcome')).not.toBeInTheDocument();
  });

  const tooSmall = () => {
    const line = order().items[0]!;
    return {
      ...line,
      productConfig: {
        ...line.productConfig,
        width: 0.8,
        height: 0.8,
        customText: 'MAIN DISCONNECT 480V THREE PHASE',
      },
    };
  };

  it('says of text too small to engrave, while the proof is asked, that it can still change there', async () => {
    currentFetch().mockResolvedValueOnce(
      json(order({ status: 'awaiting_proof', shipment: null, items: [tooSmall()] })),
    );
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrderPage orderNumber="1001" />);
    const warning = await screen.findByText(/^Text too small to engrave legibly/);
    expect(warning).toHaveTextContent(
      'Nothing is engraved before you approve the proof: ask for changes on it (shorter text or fewer lines).',
    );
    expect(warning).not.toHaveTextContent('choose a larger label');
  });

  it('gives no advice about text too small once the order is past its proof', async () => {
    currentFetch().mockResolvedValueOnce(json(order({ items: [tooSmall()] })));
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrderPage orderNumber="1001" />);
    const warning = await screen.findByText(/^Text too small to engrave legibly/);
    expect(warning).not.toHaveTextContent('approve the proof');
    expect(warning).not.toHaveTextContent('choose a larger label');
  });

  it('passes the guest link token on to the API', async () => {
    currentFetch().mockResolvedValueOnce(json(order({ shipment: null })));
    useShopStore.getState().setUser(null);
    renderPage(<OrderPage orderNumber="1001" />, { path: '/orders/1001?access=abc.def' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1001' })).toBeVisible();
    expect(currentFetch().mock.calls[0]?.[0]).toBe('/api/orders/by-number/1001?access=abc.def');
    expect(screen.queryByTestId('order-tracking')).not.toBeInTheDocument();
  });

  it('signed out, asks whether the order is theirs on a 404, and offers sign-in and the guest lookup', async () => {
    currentFetch().mockResolvedValueOnce(json({ message: 'Order not found' }, 404));
    useShopStore.getState().setUser(null);
    renderPage(<OrderPage orderNumber="1001" />);
    expect(await screen.findByRole('heading', { name: 'Is this your order?' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Find a guest order' })).toHaveAttribute(
      'href',
      '/orders/lookup',
    );
  });

  it('signed in, says the order is not in the account on a 404', async () => {
    currentFetch().mockResolvedValueOnce(json({ message: 'Order not found' }, 404));
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<OrderPage orderNumber="1001" />);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeVisible();
    expect(screen.getByText(/This order is not in your account/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  describe('after the proof was revised', () => {
    const orderedLine = order().items[0]!;
    const revisedOrder = (overrides: Partial<OrderDetail> = {}) =>
      order({
        status: 'awaiting_proof',
        proofStatus: 'awaiting_approval',
        shipment: null,
        history: [
          { at: '2025-03-05T14:30:00.000Z', status: 'pending_payment' },
          { at: '2025-03-05T14:31:00.000Z', status: 'awaiting_proof' },
        ],
        items: [
          {
            ...orderedLine,
            productConfig: { ...orderedLine.productConfig, customText: 'MAIN PUMP' },
          },
        ],
        ...overrides,
      });
    const proofLine = (customText: string, changed: boolean) => ({
      lineId: 'i1',
      lineNumber: 1,
      customText,
      labels: 2,
      varies: null,
      uploadedFile: null,
      changed,
    });
    const proof = (overrides: Partial<OrderProof> = {}): OrderProof => ({
      orderId: order().id,
      orderNumber: 1001,
      status: 'approved',
      revision: 2,
      revisions: [
        {
          revision: 1,
          createdAt: '2025-03-05T14:31:00.000Z',
          lines: [proofLine('MAIN PUMP', true)],
          note: null,
          changesRequested: {
            at: '2025-03-05T16:00:00.000Z',
            comments: [{ lineId: 'i1', comment: 'Please make it MAIN PUMP 2' }],
          },
          approval: null,
        },
        {
          revision: 2,
          createdAt: '2025-03-06T09:00:00.000Z',
          lines: [proofLine('MAIN PUMP 2', true)],
          note: null,
          changesRequested: null,
          approval: { at: '2025-03-06T10:00:00.000Z', name: 'Ann Lee' },
        },
      ],
      override: null,
      approvalOverdue: false,
      history: [],
      ...overrides,
    });
    const answer = (detail: OrderDetail, orderProof: OrderProof) =>
      currentFetch().mockImplementation(async (input) =>
        String(input).includes('/proof') ? json(orderProof) : json(detail),
      );

    it('shows and draws the text engraved (the last revision’s) and says it differs from the order', async () => {
      answer(revisedOrder({ status: 'processing', proofStatus: 'approved' }), proof());
      useShopStore.getState().setUser(TEST_USER);
      renderPage(<OrderPage orderNumber="1001" />);
      const text = await screen.findByTestId('order-line-engraved-text');
      await waitFor(() =>
        expect(text).toHaveTextContent('MAIN PUMP 2 (changed on the proof; ordered as MAIN PUMP)'),
      );
      expect(screen.getByTestId('label-preview-text')).toHaveTextContent('MAIN PUMP 2');
      expect(screen.getByTestId('order-line')).toHaveTextContent('$10.40');
    });

    it('Order again hands the cart’s notice the texts engraved, not the ordered ones, to say there', async () => {
      answer(revisedOrder({ status: 'processing', proofStatus: 'approved' }), proof());
      currentFetch().mockImplementation(async (input, init) => {
        const url = String(input);
        if (url.endsWith('/reorder') && init?.method === 'POST') {
          return json({
            cart: EMPTY_CART,
            added: 1,
            priceChanges: [],
            missingArtwork: [],
            textChanges: [
              { orderLineId: 'i1', orderedText: 'MAIN PUMP', engravedText: 'MAIN PUMP 2' },
            ],
          });
        }
        return url.includes('/proof')
          ? json(proof())
          : json(revisedOrder({ status: 'processing', proofStatus: 'approved' }));
      });
      useShopStore.getState().setUser(TEST_USER);
      renderPage(<OrderPage orderNumber="1001" />);
      await userEvent.click(
        await screen.findByRole('button', { name: 'Order again: order #1001' }),
      );
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
      // Told by the cart's notice (it stays for the visit), not by a toast gone in seconds.
      expect(window.history.state?.usr?.reorder?.textChanges).toEqual([
        { orderLineId: 'i1', orderedText: 'MAIN PUMP', engravedText: 'MAIN PUMP 2' },
      ]);
      expect(lastToast()).toBeUndefined();
    });

    it('says "Revising proof" in the badge and the progress while the shop makes the asked changes, and leads with the proof', async () => {
      const asked = proof({ status: 'changes_requested', revision: 1 });
      asked.revisions.pop();
      answer(revisedOrder({ proofStatus: 'changes_requested' }), asked);
      useShopStore.getState().setUser(TEST_USER);
      renderPage(<OrderPage orderNumber="1001" extras={() => <p data-testid="extras">proof</p>} />);
      await screen.findByTestId('extras');
      const badge = document.querySelector('[data-status]');
      expect(badge).toHaveAttribute('data-status', 'awaiting_proof');
      await waitFor(() => expect(badge).toHaveTextContent('Status: Revising proof'));
      const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole(
        'listitem',
      );
      await waitFor(() => expect(steps.length).toBeGreaterThan(0));
      expect(
        within(screen.getByRole('list', { name: 'Order progress' }))
          .getAllByRole('listitem')
          .at(-1),
      ).toHaveTextContent(/^Revising proof/);
      // The shop owes the next step: "Order again" stays where it was, filled.
      const again = screen.getByRole('button', { name: 'Order again: order #1001' });
      expect(again).toHaveStyle({ background: theme.colors.accent });
      expect(
        again.compareDocumentPosition(screen.getByTestId('extras')) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    });

    it('puts "Order again", outlined, after the proof while the order waits for the customer’s answer', async () => {
      answer(revisedOrder(), proof({ status: 'awaiting_approval', revision: 1, revisions: [] }));
      useShopStore.getState().setUser(TEST_USER);
      renderPage(<OrderPage orderNumber="1001" extras={() => <p data-testid="extras">proof</p>} />);
      const extras = await screen.findByTestId('extras');
      const again = screen.getByRole('button', { name: 'Order again: order #1001' });
      expect(again.compareDocumentPosition(extras) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
      // The secondary (outlined) button: white, not the accent's orange.
      expect(again).toHaveStyle({ background: theme.colors.surface });
      expect(document.querySelector('[data-status]')).toHaveTextContent(
        'Status: Awaiting proof approval',
      );
    });
  });
});
