import { describe, expect, it } from 'vitest';
import pkg from '../package.json';
import { CONTRACTS_VERSION, releaseSkew, satisfiesRange } from './releases';

describe('satisfiesRange', () => {
  it.each([
    ['1.0.0', '^1.0.0', true],
    ['1.4.2', '^1.0.0', true],
    ['2.0.0', '^1.0.0', false],
    ['1.0.0', '^1.2.0', false],
    ['0.3.1', '^0.3.0', true],
    ['0.4.0', '^0.3.0', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['1.5.0', '>=1.2.0 <2.0.0', true],
    ['2.0.0', '>=1.2.0 <2.0.0', false],
    ['1.0.0', 'not-a-range', false],
    ['x', '^1.0.0', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfiesRange(version, range)).toBe(expected);
  });
});

describe('releaseSkew', () => {
  const host = { contractsVersion: '1.0.0', shared: { react: '19.2.0', zustand: '5.0.8' } };

  it('accepts a release for these contracts built with patch- or minor-newer shared libraries', () => {
    expect(
      releaseSkew(
        { contractsRange: '^1.0.0', shared: { react: '19.3.1', zustand: '5.0.9' } },
        host,
      ),
    ).toBeNull();
  });

  it('refuses a release that needs another contracts major', () => {
    expect(releaseSkew({ contractsRange: '^2.0.0', shared: {} }, host)).toEqual({
      reason: 'contracts',
      detail: 'needs contracts ^2.0.0; this shop provides 1.0.0',
    });
  });

  it('refuses a release built with another major of a shared library', () => {
    expect(releaseSkew({ contractsRange: '^1.0.0', shared: { react: '20.0.0' } }, host)).toEqual({
      reason: 'shared',
      detail: 'built with react 20.0.0; this shop shares react 19.2.0',
    });
  });

  it('ignores libraries the shell does not share', () => {
    expect(releaseSkew({ contractsRange: '^1.0.0', shared: { lodash: '9.0.0' } }, host)).toBeNull();
  });
});

it('CONTRACTS_VERSION is the contracts package version', () => {
  expect(CONTRACTS_VERSION).toBe(pkg.version);
});
