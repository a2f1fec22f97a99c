import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shop/ui/testing';
import { TEST_CONFIG, resetShell } from '../testing/shell-config';
import { loadRemoteComponent } from '../lib/remotes';
import type { RemoteFallback } from '../lib/federation';
import { RemoteSlot } from './remote-slot';

vi.mock('../lib/remotes', () => ({
  loadRemoteComponent: vi.fn(),
  remotePageShown: () => {},
  RemoteSkewError: class extends Error {},
}));
const load = vi.mocked(loadRemoteComponent);

/** The remote cannot be loaded: the runtime resolves it to the slot's fallback. */
function remoteDown() {
  load.mockImplementation(async (_id, fallback) => ({
    default: () => createElement(fallback as RemoteFallback, { error: new Error('down') }),
  }));
}

const admin = (preview: boolean) => ({
  version: '1.0.0-bbbbbbb',
  contractsRange: '^1.0.0',
  shared: {},
  preview,
});

beforeEach(() => load.mockReset());

describe('a remote that cannot be shown', () => {
  it('offers to try again, and says the rest of the shop works', async () => {
    resetShell({ ...TEST_CONFIG, releases: { admin: admin(false) } });
    remoteDown();
    renderPage(<RemoteSlot module="admin/AdminPage" area="admin panel" />);
    expect(
      await screen.findByRole('heading', { name: 'The admin panel is unavailable right now' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'End preview' })).not.toBeInTheDocument();
  });

  it('when this browser previews it, names the release and ends the preview (its Releases tab cannot)', async () => {
    resetShell({ ...TEST_CONFIG, releases: { admin: admin(true) } });
    remoteDown();
    const ended = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', ended);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      const user = userEvent.setup();
      renderPage(<RemoteSlot module="admin/AdminPage" area="admin panel" />);
      expect(await screen.findByTestId('remote-preview')).toHaveTextContent(
        'This browser previews release 1.0.0-bbbbbbb of the admin panel',
      );
      await user.click(screen.getByRole('button', { name: 'End preview' }));
      await waitFor(() => expect(reload).toHaveBeenCalled());
      expect(ended).toHaveBeenCalledWith(
        '/api/admin/releases/preview',
        expect.objectContaining({
          method: 'DELETE',
          headers: expect.objectContaining({ 'x-session-id': expect.any(String) }),
        }),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
