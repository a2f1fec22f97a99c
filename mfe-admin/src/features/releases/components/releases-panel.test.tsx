import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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
      .mockResolvedValueOnce(json(releases({ remote: 'cart_checkout', version: '1.0.0-bbbbbbb' })))
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(json(releases(null)));
    const user = userEvent.setup();
    renderPage(<ReleasesPanel />);
    expect(
      await screen.findByText('This browser previews Cart and checkout 1.0.0-bbbbbbb.', {
        exact: false,
      }),
    ).toHaveRole('status');
    await user.click(screen.getByRole('button', { name: 'End preview' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'End preview' })).not.toBeInTheDocument(),
    );
    expect(currentFetch().mock.calls[1]?.[0]).toBe('/api/admin/releases/preview');
  });

  it('asks a promote and a rollback of the release it shows live, and shows the releases again when refused', async () => {
    const shown = releases(null);
    shown.remotes[0] = {
      ...shown.remotes[0]!,
      previous: '1.0.0-0000000',
      available: [
        {
          version: '1.0.0-bbbbbbb',
          entry: '/releases/1.0.0-bbbbbbb/mf-manifest.json',
          contractsVersion: '1.0.0',
          contractsRange: '^1.0.0',
          shared: {},
          commit: 'bbbbbbb',
          publishedAt: '2026-12-01T10:00:00.000Z',
        },
      ],
    };
    const refused = { message: 'The live release changed meanwhile' };
    currentFetch()
      .mockResolvedValueOnce(json(shown))
      .mockResolvedValueOnce(json(refused, 409))
      .mockResolvedValueOnce(json(shown))
      .mockResolvedValueOnce(json(refused, 409))
      .mockResolvedValueOnce(json(shown));
    const user = userEvent.setup();
    renderPage(<ReleasesPanel />);
    expect(await screen.findByRole('cell', { name: 'its own server' })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: /^Promote .*1\.0\.0-bbbbbbb$/ }));
    // Asked first: every shopper gets it.
    const promoting = await screen.findByRole('alertdialog', {
      name: 'Make Configurator 1.0.0-bbbbbbb live?',
    });
    expect(promoting).toHaveTextContent('Its files come from its own server.');
    expect(currentFetch().mock.calls).toHaveLength(1);
    await user.click(within(promoting).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(currentFetch().mock.calls).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Roll back Configurator' }));
    const rolling = await screen.findByRole('alertdialog', {
      name: 'Roll Configurator back to 1.0.0-0000000?',
    });
    await user.click(within(rolling).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(currentFetch().mock.calls).toHaveLength(5));
    const body = (call: number) =>
      JSON.parse(String((currentFetch().mock.calls[call]?.[1] as RequestInit).body));
    expect(currentFetch().mock.calls[1]?.[0]).toBe('/api/admin/releases/configurator/promote');
    expect(body(1)).toEqual({ version: '1.0.0-bbbbbbb', expectedLive: '1.0.0-aaaaaaa' });
    expect(currentFetch().mock.calls[3]?.[0]).toBe('/api/admin/releases/configurator/rollback');
    expect(body(3)).toEqual({ expectedLive: '1.0.0-aaaaaaa' });
    // Each refusal read the releases again (calls 2 and 4).
    expect(currentFetch().mock.calls[2]?.[0]).toBe('/api/admin/releases');
  });

  it('shows no End preview when nothing is previewed', async () => {
    currentFetch().mockResolvedValueOnce(json(releases(null)));
    renderPage(<ReleasesPanel />);
    expect(await screen.findByText('1.0.0-aaaaaaa', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End preview' })).not.toBeInTheDocument();
  });
});
