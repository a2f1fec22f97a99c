import { expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, sentBody, setupShopTests } from '@shop/ui/testing';
import { ChangePasswordDialog } from '../components/change-password-dialog';

// Change Password's schema (zod) is a chunk the dialog does not wait for (docs/design.md, "The
// account forms draw without zod"); here its load waits for a gate.
const schemas = await vi.hoisted(async () =>
  (await import('@shop/ui/testing/import-gate')).importGate(),
);
vi.mock('./schemas', (importOriginal) => schemas.pass(importOriginal));

const currentFetch = setupShopTests();

it('opens on the current password before its schema is here, and changes it once, when it is', async () => {
  currentFetch().mockResolvedValueOnce(json({ ok: true }));
  const user = userEvent.setup();
  render(<ChangePasswordDialog open onOpenChange={() => {}} />);
  await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());
  await waitFor(() => expect(schemas.asked).toBe(true));

  await user.type(screen.getByLabelText('Current password'), 'old-pass-1');
  await user.type(screen.getByLabelText('New password'), 'new-pass-1');
  await user.type(screen.getByLabelText('Confirm new password'), 'new-pass-1');
  // Pressed twice while the schema loads: one change is sent once it is here.
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
  expect(currentFetch()).not.toHaveBeenCalled();

  schemas.open();

  await waitFor(() => expect(currentFetch()).toHaveBeenCalledTimes(1));
  expect(currentFetch().mock.calls[0]?.[0]).toBe('/api/auth/change-password');
  expect(sentBody(currentFetch())).toEqual({
    currentPassword: 'old-pass-1',
    newPassword: 'new-pass-1',
  });
});
