import { expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastToast, setupShopTests } from '@shop/ui/testing';
import { AuthDialog } from '../components/auth-dialog';
import { SCHEMAS_NOT_LOADED } from '../../../lib/schemas-not-loaded';

// The connection dropped before the dialog's schemas arrived: a submit says so and sends nothing.
vi.mock('./schemas', () => Promise.reject(new Error('Loading chunk failed')));

const currentFetch = setupShopTests();

it('when its schemas cannot be loaded, then Sign In says so and sends nothing', async () => {
  const user = userEvent.setup();
  render(<AuthDialog open tab="sign-in" onOpenChange={() => {}} />);
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await waitFor(() =>
    expect(lastToast()).toMatchObject({
      variant: 'destructive',
      title: 'Login failed',
      description: SCHEMAS_NOT_LOADED,
    }),
  );
  expect(currentFetch()).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument();
});
