import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReleases } from '@shop/contracts/releases';
import { json, renderPage, setupShopTests } from '@shop/ui/testing';
import { ReleasesPanel } from './releases-panel';

const currentFetch = setupShopTests();

const releases = (previewing: AdminReleases['previewing']): AdminReleases => ({
  remotes: [
    {
      remote: 'configurator',
      live: '1.0.0-aaaaaaa',
      previous: null,
      available: [],
      audit: [],
      skewReports: [],
    },
  ],
  previewing,
});

describe('the Releases screen', () => {
  it('offers to end a preview only while this browser previews a release, and names it', async () => {
    currentFetch()
      .mockResolvedValueOnce(json(releases({ remote: 'configurator', version: '1.0.0-bbbbbbb' })))
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(json(releases(null)));
    const user = userEvent.setup();
    renderPage(<ReleasesPanel />);
    expect(
      await screen.findByText('This browser previews configurator 1.0.0-bbbbbbb.', {
        exact: false,
      }),
    ).toHaveRole('status');
    await user.click(screen.getByRole('button', { name: 'End preview' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'End preview' })).not.toBeInTheDocument(),
    );
    expect(currentFetch().mock.calls[1]?.[0]).toBe('/api/admin/releases/preview');
  });

  it('shows no End preview when nothing is previewed', async () => {
    currentFetch().mockResolvedValueOnce(json(releases(null)));
    renderPage(<ReleasesPanel />);
    expect(await screen.findByText('1.0.0-aaaaaaa', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End preview' })).not.toBeInTheDocument();
  });
});
