import { expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useShopStore } from 'shell/store';
import { SAMPLE_ORDER } from '@shop/contracts/testing';
import { TEST_USER, json, renderPage, setupShopTests } from '@shop/ui/testing';
import { OrdersPage } from '../features/orders/components/orders-page';

// The order pages' schemas (zod) load with the first answer they parse, not with the page
// (docs/design.md, "The order pages' first render runs no zod"); here their load waits for a gate.
const schemas = await vi.hoisted(async () =>
  (await import('@shop/ui/testing/import-gate')).importGate(),
);
vi.mock('./schemas', (importOriginal) => schemas.pass(importOriginal));

const currentFetch = setupShopTests();

it('asks a guest to sign in without loading the schemas', () => {
  useShopStore.getState().setUser(null);
  renderPage(<OrdersPage />);
  expect(screen.getByRole('heading', { name: 'Sign in to see your orders' })).toBeVisible();
  expect(schemas.asked).toBe(false);
});

it("asks for a customer's orders and the schemas at once, and lists the orders once both are here", async () => {
  currentFetch().mockResolvedValueOnce(json([SAMPLE_ORDER]));
  useShopStore.getState().setUser(TEST_USER);
  renderPage(<OrdersPage />);
  await vi.waitFor(() => expect(schemas.asked).toBe(true));
  expect(currentFetch().mock.calls.map((call) => call[0])).toEqual(['/api/orders?limit=20']);
  expect(screen.getByRole('status', { name: 'Loading your orders' })).toBeInTheDocument();

  schemas.open();

  expect(
    await screen.findByRole('article', { name: `Order #${SAMPLE_ORDER.orderNumber}` }),
  ).toBeInTheDocument();
});
