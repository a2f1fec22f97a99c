import { expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useShopStore } from 'shell/store';
import { TEST_USER, json, lastToast, renderPage, sentBody, setupShopTests } from '@shop/ui/testing';
import { AccountPage } from '../components/account-page';

// The account page's schemas (zod) are a chunk its first render does not wait for (docs/design.md,
// "The account forms draw without zod"); here their load waits for a gate.
const schemas = await vi.hoisted(async () =>
  (await import('@shop/ui/testing/import-gate')).importGate(),
);
vi.mock('./schemas', (importOriginal) => schemas.pass(importOriginal));

const currentFetch = setupShopTests();

it('draws the details before its schemas are here, and saves them once they are', async () => {
  useShopStore.getState().setUser(TEST_USER);
  currentFetch().mockResolvedValueOnce(json({ ...TEST_USER, company: 'Analytical Engines' }));
  const user = userEvent.setup();
  renderPage(<AccountPage />, { path: '/account' });
  const company = screen.getByLabelText(/^Company/);
  await waitFor(() => expect(schemas.asked).toBe(true));

  await user.clear(company);
  await user.type(company, 'Analytical Engines');
  await user.click(screen.getByRole('button', { name: 'Save Details' }));
  expect(currentFetch()).not.toHaveBeenCalled();

  schemas.open();

  await waitFor(() => expect(lastToast()?.title).toBe('Your details were saved'));
  expect(currentFetch().mock.calls.map((call) => call[0])).toEqual(['/api/account/profile']);
  expect(sentBody(currentFetch())).toMatchObject({ company: 'Analytical Engines' });
});
