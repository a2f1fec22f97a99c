import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressedVariant } from './precompressed.mjs';
import { buildsToAdopt, STARTED_BUILD, storeRunningBuild } from './running-releases.mjs';

let dir;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'running-releases-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A remote's build: its manifest and entry name its hashed files. */
function build(at, hash, release) {
  mkdirSync(at, { recursive: true });
  writeFileSync(
    path.join(at, 'mf-manifest.json'),
    JSON.stringify({ shared: [{ name: 'react', version: '19.2.0' }], exposes: [hash] }),
  );
  writeFileSync(path.join(at, 'remoteEntry.js'), `load("${hash}.js")`);
  writeFileSync(path.join(at, `${hash}.js`), '');
  if (release) writeFileSync(path.join(at, 'release.json'), JSON.stringify(release));
}

const remote = (live, distHash) => {
  const storeDir = path.join(dir, 'store');
  const distDir = path.join(dir, `dist-${distHash}`);
  build(distDir, distHash);
  return { remote: 'configurator', dir: 'mfe-configurator', live, storeDir, distDir };
};

describe('which running builds npm start makes live', () => {
  it('the build of a remote with no live release', () => {
    expect(buildsToAdopt([remote(null, 'aaa')])).toHaveLength(1);
  });

  it("not when a team's release is live, whatever the build", () => {
    build(path.join(dir, 'store', '1.0.0-team'), 'ttt', { version: '1.0.0-team' });
    expect(buildsToAdopt([remote('1.0.0-team', 'aaa')])).toEqual([]);
  });

  it('the new build when the live one is an earlier start of other files; not the same build twice', () => {
    build(path.join(dir, 'store', '1.0.0-start'), 'aaa', { builtBy: STARTED_BUILD });
    expect(buildsToAdopt([remote('1.0.0-start', 'aaa')])).toEqual([]);
    expect(buildsToAdopt([remote('1.0.0-start', 'bbb')])).toHaveLength(1);
  });

  it('nothing for a remote that is not built', () => {
    const notBuilt = { ...remote(null, 'aaa'), distDir: path.join(dir, 'nowhere') };
    expect(buildsToAdopt([notBuilt])).toEqual([]);
  });
});

describe('storeRunningBuild', () => {
  it('copies the build into the store as a release marked as npm start made it', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const candidate = remote(null, 'aaa');
    const file = storeRunningBuild({
      ...candidate,
      root,
      contractsVersion: '1.0.0',
      now: new Date('2026-01-01T00:00:00Z'),
    });
    const release = JSON.parse(readFileSync(file, 'utf8'));
    expect(release).toMatchObject({
      remote: 'configurator',
      entry: `/releases/${release.version}/mf-manifest.json`,
      contractsRange: '^1.0.0',
      shared: { react: '19.2.0' },
      builtBy: STARTED_BUILD,
    });
    expect(release.version).toMatch(/^1\.0\.0-/);
    expect(readFileSync(path.join(path.dirname(file), 'aaa.js'), 'utf8')).toBe('');
    // A second copy of the same commit is another version: a release is never overwritten.
    const again = storeRunningBuild({ ...candidate, root, contractsVersion: '1.0.0' });
    expect(JSON.parse(readFileSync(again, 'utf8')).version).not.toBe(release.version);
  });

  it("keeps the files' times, so the servers still send the build's compressed copies", () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const candidate = remote(null, 'aaa');
    // As the build leaves them: the copy has its file's time (webpack-config/precompress-plugin.js).
    writeFileSync(path.join(candidate.distDir, 'aaa.js.br'), 'brotli');
    const built = new Date('2026-01-01T00:00:00Z');
    for (const file of ['aaa.js', 'aaa.js.br'])
      utimesSync(path.join(candidate.distDir, file), built, built);
    const release = path.dirname(
      storeRunningBuild({ ...candidate, root, contractsVersion: '1.0.0' }),
    );
    const copied = path.join(release, 'aaa.js');
    expect(statSync(copied).mtimeMs).toBe(built.getTime());
    expect(precompressedVariant(copied, 'gzip, br')?.encoding).toBe('br');
  });
});
