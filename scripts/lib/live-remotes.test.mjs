// @vitest-environment node
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CACHE_MS, createLiveRemotes } from './live-remotes.mjs';

const fallback = {
  configurator: 'http://localhost:3001/mf-manifest.json',
  admin: 'http://localhost:3004/mf-manifest.json',
};
const release = (version, preview = false) => ({
  version,
  entry: `/releases/${version}/mf-manifest.json`,
  contractsRange: '^1.0.0',
  shared: { react: '19.2.0' },
  preview,
});

let server;
let apiUrl;
let live = {};
let registryDown = false;
const seen = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers.cookie ?? null);
    if (registryDown) {
      res.writeHead(503);
      return res.end();
    }
    const previewing = (req.headers.cookie ?? '').includes('shop_release_preview=');
    const remotes = previewing ? { ...live, configurator: release('1.0.0-ccccccc', true) } : live;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ remotes }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Live remotes on a clock the test moves (`later`), with the lines they log. */
function watched() {
  let clock = 0;
  const lines = [];
  const liveRemotes = createLiveRemotes({
    apiUrl,
    fallback,
    now: () => clock,
    log: (line) => lines.push(line),
  });
  return { liveRemotes, lines, later: (ms) => (clock += ms) };
}

describe('createLiveRemotes', () => {
  it('uses the live release where there is one and the env URL elsewhere, cached a few seconds', async () => {
    let clock = 0;
    const liveRemotes = createLiveRemotes({ apiUrl, fallback, now: () => clock, log: () => {} });
    live = { configurator: release('1.0.0-aaaaaaa') };
    const first = await liveRemotes();
    expect(first.remotes).toEqual({
      configurator: 'http://localhost:3001/releases/1.0.0-aaaaaaa/mf-manifest.json',
      admin: fallback.admin,
    });
    expect(first.releases.configurator).toMatchObject({ version: '1.0.0-aaaaaaa', preview: false });

    live = { configurator: release('1.0.0-bbbbbbb') };
    clock += LIVE_CACHE_MS - 1;
    expect((await liveRemotes()).releases.configurator.version).toBe('1.0.0-aaaaaaa');
    clock += 1;
    expect((await liveRemotes()).releases.configurator.version).toBe('1.0.0-bbbbbbb');
  });

  it('reads a preview afresh, sending only the preview cookie', async () => {
    const liveRemotes = createLiveRemotes({ apiUrl, fallback, log: () => {} });
    seen.length = 0;
    const answer = await liveRemotes('shop.sid=secret; shop_release_preview=abc.def');
    expect(answer.releases.configurator).toMatchObject({ version: '1.0.0-ccccccc', preview: true });
    expect(seen).toEqual(['shop_release_preview=abc.def']);
  });

  it('falls back to the env URLs when the registry is unreachable', async () => {
    const lines = [];
    const liveRemotes = createLiveRemotes({
      apiUrl: 'http://127.0.0.1:1',
      fallback,
      log: (line) => lines.push(line),
    });
    expect(await liveRemotes()).toEqual({ remotes: fallback, releases: {} });
    expect(lines[0]).toMatch(/release registry not readable/);
  });

  it('keeps the registry’s last answer while it is unreachable (a rolled-back release stays rolled back)', async () => {
    const { liveRemotes, lines, later } = watched();
    live = { configurator: release('1.0.0-aaaaaaa') };
    const before = await liveRemotes();
    registryDown = true; // the API restarting
    try {
      later(LIVE_CACHE_MS);
      expect(await liveRemotes()).toEqual(before);
      expect((await liveRemotes('shop_release_preview=abc.def')).remotes).toEqual(before.remotes);
    } finally {
      registryDown = false;
    }
    expect(lines).toEqual([expect.stringMatching(/not readable .*keeping its last answer/)]);
  });

  it('skips a release whose entry is not an http(s) address, logging it once', async () => {
    const { liveRemotes, lines, later } = watched();
    live = {
      configurator: { ...release('1.0.0-badurl'), entry: 'http://[oops/mf-manifest.json' },
      admin: { ...release('1.0.0-script'), entry: 'javascript:alert(1)' },
    };
    const answer = await liveRemotes();
    expect(answer).toEqual({ remotes: fallback, releases: {} });
    later(LIVE_CACHE_MS);
    await liveRemotes();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/configurator 1\.0\.0-badurl's entry is not an http\(s\) address/);
  });
});
