import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureInstallPrompt } from '../../../lib/install-prompt';
import { renderPage } from '@shop/ui/testing';
import { resetShell } from '../../../testing/shell-config';
import { InstallAppButton } from './install-app-button';

captureInstallPrompt(window);

function offerInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

beforeEach(() => resetShell());

describe('InstallAppButton', () => {
  it('is absent until the browser offers installation', () => {
    renderPage(<InstallAppButton />);
    expect(screen.queryByRole('button', { name: 'Install App' })).toBeNull();
  });

  it("appears when beforeinstallprompt fires (keeping the browser's own banner away) and prompts once", async () => {
    renderPage(<InstallAppButton />);
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Install App' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Install App' })).toBeNull();
  });

  it('goes away once the app is installed', () => {
    renderPage(<InstallAppButton />);
    offerInstall();
    expect(screen.getByRole('button', { name: 'Install App' })).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByRole('button', { name: 'Install App' })).toBeNull();
  });
});
