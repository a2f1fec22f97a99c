import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, lastToast, sentBody, setupShopTests } from '@shop/ui/testing';
import { ChangePasswordDialog } from './change-password-dialog';

const currentFetch = setupShopTests();

function renderDialog() {
  const onOpenChange = vi.fn();
  render(<ChangePasswordDialog open onOpenChange={onOpenChange} />);
  return { onOpenChange, user: userEvent.setup() };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  current: string,
  next: string,
  confirm: string,
) {
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('ChangePasswordDialog', () => {
  it('is a named dialog that starts on the current password', async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());
  });

  it("says Passwords don't match on the confirmation, and New password and confirmation don't match", async () => {
    const { user } = renderDialog();
    await fill(user, 'old-pass', 'new-pass1', 'new-pass2');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      "Passwords don't match",
    );
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();
    expect(lastToast()).toMatchObject({
      variant: 'destructive',
      description: "New password and confirmation don't match",
    });
    expect(currentFetch()).not.toHaveBeenCalled();
  });

  it('says Password must be at least 6 characters long for a short new password', async () => {
    const { user } = renderDialog();
    await fill(user, 'old-pass', '12345', '12345');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 6 characters. Password must be at least 6 characters long',
    );
    expect(lastToast()).toMatchObject({
      description: 'Password must be at least 6 characters long',
    });
    expect(currentFetch()).not.toHaveBeenCalled();
  });

  it('asks for the current password', async () => {
    const { user } = renderDialog();
    await fill(user, '', 'new-pass1', 'new-pass1');
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Please enter your current password',
    );
  });

  it('sends only the current and new password, says Password updated and closes', async () => {
    currentFetch().mockResolvedValueOnce(json({ success: true, message: 'Password updated' }));
    const { user, onOpenChange } = renderDialog();
    await fill(user, 'old-pass', 'new-pass1', 'new-pass1');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(currentFetch().mock.calls[0]?.[0]).toBe('/api/auth/change-password');
    expect(sentBody(currentFetch())).toEqual({
      currentPassword: 'old-pass',
      newPassword: 'new-pass1',
    });
    expect(lastToast()).toMatchObject({ title: 'Password updated' });
  });

  it('says Password change failed, and marks a wrong current password on its field, focused', async () => {
    // As the API answers it (AppError.invalidField).
    currentFetch().mockResolvedValueOnce(
      json(
        {
          message: 'Current password is incorrect',
          errors: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
        },
        400,
      ),
    );
    const { user, onOpenChange } = renderDialog();
    await fill(user, 'wrong-pass', 'new-pass1', 'new-pass1');
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Password change failed',
        variant: 'destructive',
      }),
    );
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'Current password is incorrect',
      ),
    );
    expect(screen.getByLabelText('Current password')).toHaveFocus();
    // Said in the dialog too, where a phone's toast or a screen reader kept in the dialog may miss it.
    expect(
      within(screen.getByRole('dialog', { name: 'Change Password' })).getByRole('alert'),
    ).toHaveTextContent('Password change failed: Current password is incorrect');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
