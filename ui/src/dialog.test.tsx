import { useRef, useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import './testing';
import { Button } from './button';
import { Dialog, DialogTitle } from './dialog';

function Example() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" onClick={() => setOpen(true)}>
        Edit code
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTitle>Edit discount code</DialogTitle>
        <input aria-label="Code" data-autofocus />
        <Button type="button">Save</Button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a named dialog that focuses the marked field, traps Tab, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const opener = screen.getByRole('button', { name: 'Edit code' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Edit discount code' });
    expect(screen.getByLabelText('Code')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    // The trap wraps around: focus never leaves the dialog for the page behind it.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('opened from inside another dialog, gives focus back to that opener when it closes', async () => {
    function Nested() {
      const [inner, setInner] = useState(false);
      return (
        <Dialog open onOpenChange={() => {}}>
          <DialogTitle>Order #1001</DialogTitle>
          <Button type="button" onClick={() => setInner(true)}>
            Cancel order
          </Button>
          <Dialog open={inner} onOpenChange={setInner} role="alertdialog">
            <DialogTitle>Cancel order #1001?</DialogTitle>
            <Button type="button" data-autofocus onClick={() => setInner(false)}>
              Keep the order
            </Button>
          </Dialog>
        </Dialog>
      );
    }
    const user = userEvent.setup();
    render(<Nested />);
    const opener = screen.getByRole('button', { name: 'Cancel order' });
    await user.click(opener);
    expect(screen.getByRole('button', { name: 'Keep the order' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('gives focus to the heading of the opener’s section when its action took the opener away', async () => {
    function DeleteRow() {
      const [open, setOpen] = useState(false);
      const [deleted, setDeleted] = useState(false);
      return (
        <section aria-labelledby="codes">
          <h2 id="codes">Discount codes</h2>
          {!deleted && (
            <Button type="button" onClick={() => setOpen(true)}>
              Delete SPRING
            </Button>
          )}
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogTitle>Delete SPRING?</DialogTitle>
            <Button
              type="button"
              onClick={() => {
                setDeleted(true);
                setOpen(false);
              }}
            >
              Delete
            </Button>
          </Dialog>
        </section>
      );
    }
    const user = userEvent.setup();
    render(<DeleteRow />);
    await user.click(screen.getByRole('button', { name: 'Delete SPRING' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('heading', { name: 'Discount codes' })).toHaveFocus();
  });

  it('opened from a menu’s item (gone once the menu closed), gives focus to the menu’s button', async () => {
    function MenuOpener() {
      const [menu, setMenu] = useState(false);
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" id="menu-button" onClick={() => setMenu(true)}>
            Account
          </button>
          {menu && (
            <div role="menu" aria-labelledby="menu-button">
              <button
                type="button"
                role="menuitem"
                onClick={() => setOpen(true)}
                // As the shell's (Radix) menu does, it closes after the dialog saw its item focused.
                onBlur={() => setMenu(false)}
              >
                Change Password
              </button>
            </div>
          )}
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogTitle>Change Password</DialogTitle>
            <input aria-label="Current password" data-autofocus />
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<MenuOpener />);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    // Keyboard: the item has focus as it is chosen, and the dialog opens as the menu closes.
    screen.getByRole('menuitem', { name: 'Change Password' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Current password')).toHaveFocus();
    await waitFor(() => expect(document.querySelector('[role="menu"]')).toBeNull());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();
  });

  it('gives focus to `returnFocusTo` when its opener is gone', async () => {
    function Gone() {
      const [open, setOpen] = useState(false);
      const [shown, setShown] = useState(true);
      const fallback = useRef<HTMLButtonElement>(null);
      return (
        <>
          <button type="button" ref={fallback}>
            Menu
          </button>
          {shown && (
            <button
              type="button"
              onClick={() => {
                setShown(false);
                setOpen(true);
              }}
            >
              Open once
            </button>
          )}
          <Dialog open={open} onOpenChange={setOpen} returnFocusTo={fallback}>
            <DialogTitle>Once</DialogTitle>
            <input aria-label="Field" data-autofocus />
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Gone />);
    await user.click(screen.getByRole('button', { name: 'Open once' }));
    expect(screen.getByLabelText('Field')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it('breaks a title too long for its line (an email address) instead of running it under the close button', () => {
    render(
      <Dialog open onOpenChange={() => {}}>
        <DialogTitle>owner-with-a-long-name@labelshop.example</DialogTitle>
      </Dialog>,
    );
    expect(
      screen.getByRole('heading', { name: 'owner-with-a-long-name@labelshop.example' }),
    ).toHaveStyle({ overflowWrap: 'anywhere' });
  });
});
