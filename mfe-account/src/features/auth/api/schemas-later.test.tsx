import { expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_USER, json, lastToast, sentBody, setupShopTests } from '@shop/ui/testing';
import { AuthDialog } from '../components/auth-dialog';

// The sign-in dialog's schemas (zod) are a chunk the dialog does not wait for (docs/design.md, "The
// account forms draw without zod"); here their load waits for a gate.
const schemas = await vi.hoisted(async () =>
  (await import('@shop/ui/testing/import-gate')).importGate(),
);
vi.mock('./schemas', (importOriginal) => schemas.pass(importOriginal));

const currentFetch = setupShopTests();

it('opens and takes the details before its schemas are here, and signs in once, when they are', async () => {
  currentFetch().mockResolvedValueOnce(json(TEST_USER));
  const user = userEvent.setup();
  render(<AuthDialog open tab="sign-in" onOpenChange={() => {}} />);
  expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument();
  await waitFor(() => expect(schemas.asked).toBe(true));

  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  // Pressed twice while the schemas load: one sign-in is sent once they are here.
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(currentFetch()).not.toHaveBeenCalled();

  schemas.open();

  await waitFor(() => expect(currentFetch()).toHaveBeenCalledTimes(1));
  expect(currentFetch().mock.calls[0]?.[0]).toBe('/api/auth/login');
  expect(sentBody(currentFetch())).toEqual({ email: 'ann@example.com', password: 'secret1' });
  await waitFor(() => expect(lastToast()?.title).toBe('Welcome back!'));
  expect(currentFetch()).toHaveBeenCalledTimes(1);
});
