import { useRef, useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shop/ui/testing';
import { resetShell } from '../testing/shell-config';
import { loadRemoteComponent } from '../lib/remotes';
import { RemoteDialogSlot, type RemoteDialogProps } from './remote-dialog-slot';

vi.mock('../lib/remotes', () => ({ loadRemoteComponent: vi.fn() }));
const load = vi.mocked(loadRemoteComponent);

function RemoteSignIn({ open, onOpenChange }: RemoteDialogProps) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Sign in">
      <button type="button" onClick={() => onOpenChange(false)}>
        Done
      </button>
    </div>
  );
}

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <RemoteDialogSlot
        module="account/AuthDialog"
        open={open}
        onOpenChange={setOpen}
        unavailableTitle="Sign in is unavailable right now"
        unavailableText="Please try again in a few minutes."
      />
    </>
  );
}

// The slot loads its message dialog lazily; compiling that chunk on first use can outlast findBy's
// one second on a busy machine, so it is loaded once before the tests (as a browser caches the chunk).
beforeAll(async () => {
  await import('./message-dialog');
});

beforeEach(() => {
  resetShell();
  load.mockReset();
  // React and the boundary report the failed load; the test checks what the shopper sees instead.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('RemoteDialogSlot', () => {
  it("loads nothing until the dialog is first opened, then shows the remote's dialog", async () => {
    load.mockResolvedValue({ default: RemoteSignIn as never });
    renderPage(<Harness />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('account/AuthDialog');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives focus back to the button that opened it when it closes', async () => {
    load.mockResolvedValue({ default: RemoteSignIn as never });
    renderPage(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });

  it('gives focus to `returnFocusTo` when what opened it is gone (a menu’s item)', async () => {
    load.mockResolvedValue({ default: RemoteSignIn as never });
    function FromMenu() {
      const [open, setOpen] = useState(false);
      const [item, setItem] = useState(true);
      const menuButton = useRef<HTMLButtonElement>(null);
      return (
        <>
          <button type="button" ref={menuButton}>
            Account menu
          </button>
          {item && (
            <button type="button" onClick={() => setOpen(true)} onBlur={() => setItem(false)}>
              Change Password
            </button>
          )}
          <RemoteDialogSlot
            module="account/ChangePasswordDialog"
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={menuButton}
            unavailableTitle="Change Password is unavailable right now"
            unavailableText="Please try again in a few minutes."
          />
        </>
      );
    }
    renderPage(<FromMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    const done = await screen.findByRole('button', { name: 'Done' });
    done.focus();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Change Password' })).toBeNull(),
    );
    await userEvent.click(done);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus());
  });

  it('shows a loading dialog while the remote loads', async () => {
    load.mockReturnValue(new Promise(() => {}));
    renderPage(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('when the remote is down, says so in a dialog of its own, and tries again on the next opening', async () => {
    load
      .mockRejectedValueOnce(new Error('ECONNREFUSED'))
      .mockResolvedValueOnce({ default: RemoteSignIn as never });
    renderPage(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const fallback = await screen.findByRole('dialog', {
      name: 'Sign in is unavailable right now',
    });
    expect(fallback).toHaveTextContent('Please try again in a few minutes.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
