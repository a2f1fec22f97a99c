import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, useShopStore } from 'shell/store';
import { renderPage } from '@shop/ui/testing';
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
});
