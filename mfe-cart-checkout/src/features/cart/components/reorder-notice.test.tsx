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

it('names each line whose text the proof changed: the cart holds the text engraved, not the one ordered', async () => {
  const reorder = {
    orderNumber: 1004,
    added: 2,
    priceChanges: [],
    missingArtwork: [],
    textChanges: [{ orderLineId: 'i1', orderedText: 'MAIN PUMP', engravedText: 'MAIN PUMP 2' }],
  };
  window.history.replaceState({ usr: { reorder }, key: 'reorder', idx: 0 }, '', '/cart');
  render(
    <BrowserRouter>
      <ReorderNotice />
    </BrowserRouter>,
  );
  const notice = await screen.findByTestId('reorder-notice');
  expect(notice).toHaveTextContent(
    'This label is in your cart with the text engraved, not the text first ordered:',
  );
  expect(screen.getByRole('list', { name: 'Texts changed on the proof' })).toHaveTextContent(
    '“MAIN PUMP 2” (changed on the proof; ordered as “MAIN PUMP”)',
  );
});

it('reads a notice without texts (an account remote deployed before they were named) as none changed', async () => {
  const reorder = { orderNumber: 1004, added: 1, priceChanges: [], missingArtwork: [] };
  window.history.replaceState({ usr: { reorder }, key: 'reorder', idx: 0 }, '', '/cart');
  render(
    <BrowserRouter>
      <ReorderNotice />
    </BrowserRouter>,
  );
  expect(await screen.findByTestId('reorder-notice')).toHaveTextContent(
    '1 line from order #1004 added to your cart.',
  );
  expect(screen.queryByRole('list', { name: 'Texts changed on the proof' })).toBeNull();
});
