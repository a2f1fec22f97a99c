import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, useShopStore } from 'shell/store';
import { Dialog, DialogTitle } from '@shop/ui';
import { renderPage } from '@shop/ui/testing';
import { useState } from 'react';
import { resetShell } from '../../../testing/shell-config';
import { TOAST_DURATION_MS, Toaster } from './toaster';

beforeEach(() => resetShell());
afterEach(() => vi.useRealTimers());

// Swiping (right, past 50 px) needs real pointer events: the end-to-end suite drags a toast away.
describe('Toaster', () => {
  it('shows a toast raised through the store with its title and description', () => {
    renderPage(<Toaster />);
    act(
      () =>
        void toast({
          title: 'Added to Cart',
          description: 'Your custom sign has been added to the cart.',
        }),
    );
    const shown = screen.getByTestId('toast');
    expect(shown).toHaveTextContent('Added to Cart');
    expect(shown).toHaveTextContent('Your custom sign has been added to the cart.');
    expect(shown).toHaveAttribute('data-variant', 'default');
  });

  it('shows one toast at a time: the newest replaces the one on screen', () => {
    renderPage(<Toaster />);
    act(() => void toast({ title: 'Discount applied!' }));
    act(() => void toast({ title: 'Item Removed' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast')).toHaveTextContent('Item Removed');
  });

  it('marks the destructive variant', () => {
    renderPage(<Toaster />);
    act(
      () =>
        void toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to add item to cart. Please try again.',
        }),
    );
    expect(screen.getByTestId('toast')).toHaveAttribute('data-variant', 'destructive');
  });

  it('closes with its close control', async () => {
    renderPage(<Toaster />);
    act(() => void toast({ title: 'Password updated' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(useShopStore.getState().toasts[0]?.open).toBe(false);
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('runs an optional action', async () => {
    const undo = vi.fn();
    renderPage(<Toaster />);
    act(() => void toast({ title: 'Item Removed', action: { label: 'Undo', onClick: undo } }));
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('closes by itself after 5000 ms', () => {
    vi.useFakeTimers();
    renderPage(<Toaster />);
    act(() => void toast({ title: 'Welcome back!' }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(useShopStore.getState().toasts[0]?.open).toBe(false);
  });

  it('closes the next toast after 5000 ms too, after one was closed with its button', async () => {
    renderPage(<Toaster />);
    act(() => void toast({ title: 'Password updated' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    vi.useFakeTimers();
    act(() => void toast({ title: 'Welcome back!' }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + 100));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('announces through a labelled viewport region', () => {
    renderPage(<Toaster />);
    expect(screen.getByRole('region', { name: /Notification/ })).toBeInTheDocument();
  });

  describe('over an open dialog', () => {
    function FormDialog() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTitle>Add Discount Code</DialogTitle>
          <input aria-label="Code" data-autofocus />
        </Dialog>
      );
    }

    async function openWithToast() {
      renderPage(
        <>
          <FormDialog />
          <Toaster />
        </>,
      );
      act(() => void toast({ variant: 'destructive', title: 'Save failed' }));
      await act(async () => {}); // the dialog's effects: the page hidden from screen readers
      return screen.getByRole('dialog', { name: 'Add Discount Code' });
    }

    it('closes with its close control, and the dialog stays open with the focus', async () => {
      const dialog = await openWithToast();
      const user = userEvent.setup();
      await user.click(within(screen.getByTestId('toast')).getByRole('button', { name: 'Close' }));
      expect(screen.queryByTestId('toast')).toBeNull();
      expect(dialog).toBeInTheDocument();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    });

    it('is reached with F8 and closed with Escape there; Escape in the dialog closes the dialog', async () => {
      const dialog = await openWithToast();
      const user = userEvent.setup();
      const code = screen.getByRole('textbox', { name: 'Code' });
      expect(code).toHaveFocus();
      await user.keyboard('[F8]');
      expect(screen.getByTestId('toast-viewport')).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByTestId('toast')).toBeNull();
      expect(dialog).toBeInTheDocument();
      expect(code).toHaveFocus();

      act(() => void toast({ variant: 'destructive', title: 'Save failed' }));
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('is not hidden from screen readers with the rest of the page', async () => {
      await openWithToast();
      expect(screen.getByRole('region', { name: /^Notifications/ })).toBeInTheDocument();
    });
  });
});
