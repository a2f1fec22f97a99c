import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_CART } from '@shop/contracts';
import { Button, Dialog, DialogTitle } from '@shop/ui';
import { json, openedDialog, renderPage, stubApi, TEST_USER } from '@shop/ui/testing';
import { useShopStore } from '../../../store/session';
import { resetShell } from '../../../testing/shell-config';
import { AccountButton } from './account-button';

// The account remote's Change Password as it is built: the kit's dialog, with a Cancel of its own.
function ChangePassword({ open, onOpenChange }: { open: boolean; onOpenChange(o: boolean): void }) {
  const [value, setValue] = useState('');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTitle>Change Password</DialogTitle>
      <input
        aria-label="Current password"
        data-autofocus
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="button" onClick={() => onOpenChange(false)}>
        Cancel
      </Button>
    </Dialog>
  );
}

vi.mock('../../../lib/remotes', () => ({
  loadRemoteComponent: vi.fn(async () => ({ default: ChangePassword })),
}));

beforeAll(async () => {
  // Loaded once before the tests, as a browser caches the chunks (see remote-dialog-slot.test.tsx).
  await import('./account-menu');
  await import('../../../components/message-dialog');
});

beforeEach(() => {
  resetShell();
  stubApi({
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    'GET /api/cart': () => json(EMPTY_CART),
  });
  useShopStore.getState().setUser(TEST_USER);
});

const trigger = () => screen.findByRole('button', { name: /account menu for Ann Lee$/i });

/** Opens the account menu from the keyboard and chooses `item` with the arrow keys and Enter. */
async function chooseByKeyboard(item: string) {
  (await trigger()).focus();
  await userEvent.keyboard('{Enter}');
  await screen.findByRole('menu');
  for (let i = 0; i < 10; i++) {
    if (document.activeElement?.textContent === item) break;
    await userEvent.keyboard('{ArrowDown}');
  }
  expect(document.activeElement).toHaveTextContent(item);
  await userEvent.keyboard('{Enter}');
}

describe('AccountMenu focus', () => {
  it('Change Password chosen from the keyboard, closed with Escape: focus goes back to the menu button', async () => {
    renderPage(<AccountButton />);
    await chooseByKeyboard('Change Password');
    await openedDialog('Change Password');
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /account menu/i })).toHaveFocus(),
    );
  });

  it('Change Password opened by mouse, closed with Cancel: focus goes back to the menu button', async () => {
    renderPage(<AccountButton />);
    await userEvent.click(await trigger());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change Password' }));
    await openedDialog('Change Password');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /account menu/i })).toHaveFocus(),
    );
  });

  it('Change Password closed a second time (the remote already loaded) still gives focus back', async () => {
    renderPage(<AccountButton />);
    for (let round = 0; round < 2; round++) {
      await chooseByKeyboard('Change Password');
      await openedDialog('Change Password');
      await userEvent.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /account menu/i })).toHaveFocus(),
      );
    }
  });

  it('Sign Out: focus goes to the Sign In button that takes the menu’s place', async () => {
    renderPage(<AccountButton />);
    await chooseByKeyboard('Sign Out');
    const signIn = await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(signIn).toHaveFocus());
  });
});
