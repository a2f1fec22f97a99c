import { expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { TEST_USER, json, renderPage, setupShopTests } from '@shop/ui/testing';
import { useShopStore } from 'shell/store';
import { ConfirmEmailPage } from '../components/confirm-email-page';

// The emailed links' pages' schemas (zod) are a chunk the pages do not wait for (docs/design.md,
// "The account forms draw without zod"); here their load waits for a gate. A file of its own: the
// chunk, once loaded, stays loaded for the file's other tests (the reset page's: schemas-later).
const schemas = await vi.hoisted(async () =>
  (await import('@shop/ui/testing/import-gate')).importGate(),
);
vi.mock('./schemas', (importOriginal) => schemas.pass(importOriginal));

const currentFetch = setupShopTests();
const TOKEN = 'A'.repeat(43);

it('the confirmation page shows it is confirming at once, and sends the link once its schemas are here', async () => {
  currentFetch().mockResolvedValueOnce(
    json({ user: { ...TEST_USER, emailConfirmed: true }, joinedOrders: 1 }),
  );
  // The page confirms for the customer signed in.
  useShopStore.getState().setUser(TEST_USER);
  renderPage(<ConfirmEmailPage />, { path: `/confirm-email?token=${TOKEN}` });
  expect(screen.getByRole('status', { name: 'Confirming your email' })).toBeInTheDocument();
  await waitFor(() => expect(schemas.asked).toBe(true));
  expect(currentFetch()).not.toHaveBeenCalled();

  schemas.open();

  expect(await screen.findByText('1 earlier order was added to your account.')).toBeInTheDocument();
  expect(currentFetch()).toHaveBeenCalledTimes(1);
});
