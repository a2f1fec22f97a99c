import { useState } from 'react';
import { render, screen } from '@testing-library/react';
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
