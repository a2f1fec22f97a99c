import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertReleaseFits, RemoteSkewError } from './remotes';
import { provideRuntimeConfig, type RemoteRelease } from './runtime-config';

function withRelease(release: RemoteRelease | undefined) {
  provideRuntimeConfig({
    environment: 'test',
    remotes: {
      configurator: 'http://localhost:3001/releases/x/mf-manifest.json',
      cart_checkout: 'http://localhost:3002/mf-manifest.json',
      account: 'http://localhost:3003/mf-manifest.json',
      admin: 'http://localhost:3004/mf-manifest.json',
    },
    releases: release ? { configurator: release } : {},
    contact: { phone: '+1 555', email: 'a@example.com' },
  });
}

const release = (changes: Partial<RemoteRelease>): RemoteRelease => ({
  version: '1.0.0-abc1234',
  contractsRange: '^1.0.0',
  shared: {},
  preview: false,
  ...changes,
});

afterEach(() => vi.unstubAllGlobals());

describe('assertReleaseFits', () => {
  it('lets a remote with no release, or a fitting one, through without a report', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    withRelease(undefined);
    expect(() => assertReleaseFits('configurator')).not.toThrow();
    withRelease(release({}));
    expect(() => assertReleaseFits('configurator')).not.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a release for another contracts major and reports it to the API', () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    withRelease(release({ version: '1.0.0-def5678', contractsRange: '^2.0.0' }));
    expect(() => assertReleaseFits('configurator')).toThrow(RemoteSkewError);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/releases/skew-reports');
    expect(JSON.parse(init.body)).toEqual({
      remote: 'configurator',
      version: '1.0.0-def5678',
      reason: 'contracts',
      detail: 'needs contracts ^2.0.0; this shop provides 1.0.0',
    });
  });
});
