import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@shop/ui';
import { SAMPLE_PRODUCT_CONFIG } from '@shop/contracts/testing';
import type { CheckoutQuote } from '../api/get-checkout-quote';
import type { Cart } from '../../../api/get-cart';
import { CheckoutSummary } from './checkout-summary';

const item = (
  id: string,
  productConfig: Partial<Cart['items'][number]['productConfig']>,
  quantity: number,
): Cart['items'][number] => ({
  id,
  productConfig: {
    ...SAMPLE_PRODUCT_CONFIG,
    series: null,
    code: null,
    rows: null,
    ...productConfig,
  } as Cart['items'][number]['productConfig'],
  files: [],
  quantity,
  unitPrice: 3.5,
  totalPrice: 3.5 * quantity,
  createdAt: '2026-12-02T12:00:00.000Z',
});

afterEach(cleanup);

/** The summary of a cart with no address entered yet, or with the server's quote for one. */
function renderSummary(cart: Cart, quote: CheckoutQuote | null = null) {
  render(
    <ThemeProvider theme={theme}>
      <CheckoutSummary
        cart={cart}
        shipping={{ charge: null, loading: false, failed: false, zip: null }}
        taxKnown={false}
        quote={quote}
      />
    </ThemeProvider>,
  );
}

describe('the checkout summary of asset tags', () => {
  it("names a series' range and a spreadsheet's rows, and pictures each by its first label as engraved", () => {
    const cart: Cart = {
      items: [
        item('a', { customText: 'PUMP {n}', series: { start: 1001, step: 1, padding: 0 } }, 200),
        item(
          'b',
          {
            customText: '',
            rows: {
              sheetId: 's1',
              textColumns: [0],
              codeColumn: null,
              originalName: 'valves.csv',
              firstLabel: { text: 'Valve 7', codeValue: null },
            },
          },
          30,
        ),
      ],
      itemCount: 230,
      subtotal: 805,
      discount: null,
      tax: { region: null, amount: 0 },
      total: 805,
    };
    renderSummary(cart);
    const [series, rows] = within(
      screen.getByRole('list', { name: 'Items in your order', hidden: true }),
    ).getAllByRole('listitem', { hidden: true });
    expect(series).toHaveTextContent('PUMP 1001 to PUMP 1200');
    expect(rows).toHaveTextContent('valves.csv: 30 rows');
    expect(rows).not.toHaveTextContent('SAMPLE TEXT');
    // The swatches (decorative) show the first label, in the case it is engraved in.
    expect(series!.querySelector('[aria-hidden="true"] span')).toHaveTextContent(/^PUMP 1001$/);
    const sheetSwatch = rows!.querySelector('[aria-hidden="true"] span')!;
    expect(sheetSwatch).toHaveTextContent(/^Valve 7$/);
    expect(getComputedStyle(sheetSwatch).textTransform).not.toBe('uppercase');
  });
});

describe('the folded summary on a phone', () => {
  const cart: Cart = {
    items: [item('a', { customText: 'PUMP 1' }, 2)],
    itemCount: 2,
    subtotal: 7,
    discount: null,
    tax: { region: null, amount: 0 },
    total: 7,
  };
  it('calls its amount estimated until the address is quoted, as the total inside does', () => {
    renderSummary(cart);
    expect(screen.getByRole('button', { name: 'Show details · Estimated $7.00' })).toBeVisible();
  });

  it('gives the amount the card will be charged once the address is quoted', () => {
    renderSummary(cart, {
      subtotal: 7,
      discountCode: null,
      discountAmount: 0,
      shipping: 4.5,
      shippingCarrier: 'usps',
      tax: 0.7,
      taxRegion: 'IL',
      total: 12.2,
    });
    expect(screen.getByRole('button', { name: 'Show details · $12.20' })).toBeVisible();
  });
});
