import { expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import { setupShopTests } from '@shop/ui/testing';
import { ReorderNotice } from './reorder-notice';

setupShopTests();

it('tells of the order again once: the notice leaves the history entry, so Back or a reload shows none', async () => {
  const reorder = { orderNumber: 1004, added: 2, priceChanges: [], missingArtwork: [] };
  // Where the account remote's "Order again" leaves the shopper (react-router keeps state in usr).
  window.history.replaceState({ usr: { reorder }, key: 'reorder', idx: 0 }, '', '/cart');
  render(
    <BrowserRouter>
      <ReorderNotice />
    </BrowserRouter>,
  );
  expect(await screen.findByTestId('reorder-notice')).toHaveTextContent(
    '2 lines from order #1004 added to your cart.',
  );
  await waitFor(() => expect(window.history.state?.usr ?? null).toBeNull());
  expect(window.location.pathname).toBe('/cart');
  // Still told on this visit.
  expect(screen.getByTestId('reorder-notice')).toBeInTheDocument();
});
