import { expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_USER, json, renderPage, sentBody, setupShopTests } from '@shop/ui/testing';
import { ResetPasswordPage } from '../components/reset-password-page';

// The emailed links' pages' schemas (zod) are a chunk the pages do not wait for (docs/design.md,
// "The account forms draw without zod"); here their load waits for a gate.
const schemas = await vi.hoisted(async () =>
  (await import('@shop/ui/testing/import-gate')).importGate(),
);
vi.mock('./schemas', (importOriginal) => schemas.pass(importOriginal));

const currentFetch = setupShopTests();
const TOKEN = 'A'.repeat(43);

it('the reset page takes the new password before its schemas are here, and sets it once, when they are', async () => {
  currentFetch()
    .mockResolvedValueOnce(json({ valid: true }))
    .mockResolvedValueOnce(json(TEST_USER));
  const user = userEvent.setup();
  renderPage(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
  await user.type(await screen.findByLabelText('New password'), 'new-pass-1');
  await user.type(screen.getByLabelText('Confirm new password'), 'new-pass-1');
  expect(schemas.asked).toBe(true);
  // Pressed twice while the schemas load: one reset is sent once they are here.
  await user.click(screen.getByRole('button', { name: 'Set New Password' }));
  await user.click(screen.getByRole('button', { name: 'Set New Password' }));
  expect(currentFetch()).toHaveBeenCalledTimes(1); // the link's check only

  schemas.open();

  await waitFor(() => expect(currentFetch()).toHaveBeenCalledTimes(2));
  expect(currentFetch().mock.calls[1]?.[0]).toBe('/api/auth/reset-password');
  expect(sentBody(currentFetch())).toEqual({ token: TOKEN, newPassword: 'new-pass-1' });
});
