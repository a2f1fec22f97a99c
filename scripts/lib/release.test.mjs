// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { releaseManifest, releaseVersion, remoteDirOf } from './release.mjs';

describe('releaseVersion', () => {
  const none = () => false;
  it('is the package version and the commit for a clean tree', () => {
    expect(
      releaseVersion({ packageVersion: '1.0.0', commit: 'abc1234', dirty: false, taken: none }),
    ).toBe('1.0.0-abc1234');
  });
  it('adds a build number for a dirty tree or a commit released before', () => {
    expect(
      releaseVersion({ packageVersion: '1.0.0', commit: 'abc1234', dirty: true, taken: none }),
    ).toBe('1.0.0-abc1234.b1');
    const taken = (v) => ['1.0.0-abc1234', '1.0.0-abc1234.b1'].includes(v);
    expect(
      releaseVersion({ packageVersion: '1.0.0', commit: 'abc1234', dirty: false, taken }),
    ).toBe('1.0.0-abc1234.b2');
  });
});

describe('releaseManifest', () => {
  const federationManifest = {
    shared: [
      { name: 'react', version: '19.2.0' },
      { name: 'react/jsx-runtime', version: '19.2.0' },
      { name: '@tanstack/react-query', version: '5.90.0' },
      { name: 'shell/store', version: '1.0.0' },
      { name: 'zustand', version: '5.0.8' },
    ],
  };
  it('names the version, the contracts range and the shared versions it was built with', () => {
    const manifest = releaseManifest({
      remote: 'configurator',
      version: '1.0.0-abc1234',
      commit: 'abc1234',
      dirty: false,
      contractsVersion: '1.2.0',
      federationManifest,
      now: new Date('2026-01-01T00:00:00Z'),
    });
    expect(manifest).toEqual({
      remote: 'configurator',
      version: '1.0.0-abc1234',
      entry: '/releases/1.0.0-abc1234/mf-manifest.json',
      contractsVersion: '1.2.0',
      contractsRange: '^1.2.0',
      shared: { react: '19.2.0', '@tanstack/react-query': '5.90.0', zustand: '5.0.8' },
      commit: 'abc1234',
      publishedAt: '2026-01-01T00:00:00.000Z',
    });
  });
  it('points at the CDN when RELEASE_PUBLIC_URL is given', () => {
    const manifest = releaseManifest({
      remote: 'configurator',
      version: '1.0.0-abc1234',
      commit: 'abc1234',
      dirty: true,
      contractsVersion: '1.0.0',
      federationManifest,
      publicUrl: 'https://cdn.example.com/configurator/',
    });
    expect(manifest.entry).toBe(
      'https://cdn.example.com/configurator/1.0.0-abc1234/mf-manifest.json',
    );
    expect(manifest.commit).toBe('abc1234+dirty');
  });
});

it('remoteDirOf accepts the usual spellings and refuses others', () => {
  expect(remoteDirOf('cart-checkout')).toBe('mfe-cart-checkout');
  expect(remoteDirOf('mfe-admin')).toBe('mfe-admin');
  expect(() => remoteDirOf('payments')).toThrow(/Usage/);
});
