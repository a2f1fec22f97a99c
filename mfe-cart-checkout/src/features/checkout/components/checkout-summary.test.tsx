import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, resetShop } from '@shop/ui/testing';
import { cartAnswer } from '../../../testing/fixtures';
import { CheckoutSummary } from './checkout-summary';

describe('the checkout’s order summary', () => {
  it('folds to its total on a phone, and the toggle opens the details in place', async () => {
    resetShop();
    renderPage(
      <CheckoutSummary
        cart={cartAnswer()}
        shipping={{ charge: null, loading: false, failed: false, zip: null }}
        taxKnown={false}
      />,
    );
    const toggle = screen.getByRole('button', { name: /^Show details · \$/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('checkout-summary')).toHaveAttribute('data-open', 'false');
    expect(screen.getByTestId('checkout-summary-toggle-total')).toHaveTextContent('$10.40');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$10.40');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName(/^Hide details · \$/);
    expect(screen.getByTestId('checkout-summary')).toHaveAttribute('data-open', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(
      screen.getByTestId('checkout-total'),
    );
  });

  it('pictures a numbered series by its first label, as the cart does, not by its template', () => {
    resetShop();
    const answer = cartAnswer();
    const cart = {
      ...answer,
      items: answer.items.map((item) => ({
        ...item,
        productConfig: {
          ...item.productConfig,
          customText: 'PUMP {n}',
          series: { start: 1501, step: 1, padding: 0 },
        },
      })),
    };
    renderPage(
      <CheckoutSummary
        cart={cart}
        shipping={{ charge: null, loading: false, failed: false, zip: null }}
        taxKnown={false}
      />,
    );
    // The swatch is decorative (aria-hidden), so its text is read from the summary as drawn.
    const items = screen.getByTestId('checkout-summary');
    expect(items).toHaveTextContent('PUMP 1501');
    expect(items).not.toHaveTextContent('{n}');
  });
});
