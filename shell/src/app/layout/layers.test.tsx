import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'shell/store';
import { renderPage, TEST_USER } from '@shop/ui/testing';
import { resetShell } from '../../testing/shell-config';
import { Toaster } from '../../features/toasts/components/toaster';
import { AccountMenu } from '../../features/account/components/account-menu';

vi.mock('../../lib/remotes', () => ({
  loadRemoteComponent: vi.fn(async () => ({ default: () => null })),
}));

beforeEach(() => resetShell());

const zIndex = (element: Element) => Number(getComputedStyle(element).zIndex);

describe('AccountMenu and the toasts', () => {
  // On a phone both appear just under the header: the menu the shopper opened must not be covered.
  it('draws the open menu above a toast raised while it is open', async () => {
    renderPage(
      <>
        <AccountMenu user={TEST_USER} />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: /account menu for Ann Lee$/i }));
    act(() => void toast({ title: 'Account created!' }));
    const menu = await screen.findByRole('menu');
    const toasts = screen.getByTestId('toast-viewport');
    expect(zIndex(menu)).toBeGreaterThan(zIndex(toasts));
  });
});
