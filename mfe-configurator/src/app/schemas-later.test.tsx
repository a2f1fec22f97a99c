import { expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useShopStore } from 'shell/store';
import { collectToasts, json, renderPage, stubApi } from '@shop/ui/testing';
import ConfiguratorPage from './configurator-page';
import { addedToCart, freshShopForEachTest } from '../testing/configurator-page';

// The configurator's schemas (zod) load once the shopper starts on the form, not with the page
// (docs/design.md, "The configurator's first render runs no zod"); here their load waits for a gate.
const schemas = await vi.hoisted(async () =>
  (await import('@shop/ui/testing/import-gate')).importGate(),
);
vi.mock('../features/configurator/api/schemas', (importOriginal) => schemas.pass(importOriginal));

vi.setConfig({ testTimeout: 20_000 });

const PRICE_5_20 = { unitPrice: 5.2, subtotal: 5.2, total: 5.2, area: 6 };

freshShopForEachTest();

it('renders without the schemas, shows the price on its way while they load, and adds what was pressed once they have', async () => {
  const calls = stubApi({
    'POST /api/calculate-price': () => json(PRICE_5_20),
    'POST /api/cart': addedToCart,
  });
  const user = userEvent.setup({ delay: null });
  renderPage(<ConfiguratorPage />, { path: '/products' });
  expect(
    screen.getByRole('heading', { level: 1, name: 'Configure Your Custom Label' }),
  ).toBeVisible();
  expect(schemas.asked).toBe(false);

  await user.click(screen.getByRole('radio', { name: /Phenolic/ }));
  await user.click(screen.getByRole('radio', { name: /Adhesive/ }));
  expect(schemas.asked).toBe(true);
  // Not zeros (the label can be priced): the price is on its way, and no field is blamed.
  expect(screen.getByTestId('total-price')).toHaveTextContent('—');
  expect(screen.getByText('Updating price…')).toBeInTheDocument();
  const toasts = collectToasts();
  await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
  expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
  expect(calls.filter((c) => c.key.startsWith('POST '))).toEqual([]);

  schemas.open();

  await waitFor(() => expect(screen.getByTestId('total-price')).toHaveTextContent('$5.20'));
  await waitFor(() =>
    expect(useShopStore.getState().cart).toEqual({ itemCount: 1, subtotal: 5.2, total: 5.2 }),
  );
  expect(calls.filter((c) => c.key === 'POST /api/cart')).toHaveLength(1);
  expect(toasts).toEqual([expect.objectContaining({ title: 'Added to Cart' })]);
});
