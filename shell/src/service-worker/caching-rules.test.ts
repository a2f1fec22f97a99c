import { describe, expect, it } from 'vitest';
import { cachingRule, pageCacheKey } from './caching-rules';

const shell = 'http://localhost:3000';
const rule = (href: string, mode = 'no-cors', method = 'GET') =>
  cachingRule(new URL(href), { method, mode }, shell);

describe('service worker caching rules', () => {
  it('never touches /api, whatever the method', () => {
    expect(rule(`${shell}/api/cart`, 'cors')).toBe('never');
    expect(rule(`${shell}/api/auth/me`, 'cors')).toBe('never');
    expect(rule(`${shell}/api/orders`, 'cors', 'POST')).toBe('never');
    expect(rule(`${shell}/api/health`, 'navigate')).toBe('never');
    expect(rule(`${shell}/api`, 'navigate')).toBe('never');
  });

  it('keeps hashed files of the shell and of every remote origin', () => {
    expect(rule(`${shell}/main.bb2fb012.js`)).toBe('hashed-asset');
    expect(rule(`${shell}/shell/__federation_expose_store.c24a1c53.js`)).toBe('hashed-asset');
    expect(rule('http://localhost:3001/__federation_expose_ConfiguratorPage.1a2b3c4d.js')).toBe(
      'hashed-asset',
    );
  });

  it('asks the network first for the files that name a deployment', () => {
    expect(rule(`${shell}/shell/remoteEntry.js`)).toBe('entry');
    expect(rule('http://localhost:3002/remoteEntry.js')).toBe('entry');
    expect(rule('http://localhost:3002/mf-manifest.json', 'cors')).toBe('entry');
    expect(rule(`${shell}/config.json`, 'cors')).toBe('entry');
  });

  it("asks the network first for a release's manifest and entry, so a rollback is seen on the next page", () => {
    const release = 'http://localhost:3001/releases/1.0.0-3f9c2a1.b2';
    expect(rule(`${release}/mf-manifest.json`, 'cors')).toBe('entry');
    expect(rule(`${release}/remoteEntry.js`)).toBe('entry');
    expect(rule(`${release}/release.json`, 'cors')).toBe('never');
    // The page carries the live releases' URLs: asked from the network whenever online.
    expect(rule(`${shell}/products`, 'navigate')).toBe('page');
    expect(rule(`${release}/__federation_expose_ConfiguratorPage.1a2b3c4d.js`)).toBe(
      'hashed-asset',
    );
  });

  it('serves pages of the shop network first, and leaves other sites alone', () => {
    expect(rule(`${shell}/`, 'navigate')).toBe('page');
    expect(rule(`${shell}/contact`, 'navigate')).toBe('page');
    expect(rule('https://example.com/', 'navigate')).toBe('never');
  });

  it('never stores non-GET calls, the worker itself, or unhashed files', () => {
    expect(rule(`${shell}/main.bb2fb012.js`, 'no-cors', 'POST')).toBe('never');
    expect(rule(`${shell}/sw.js`)).toBe('never');
    expect(rule(`${shell}/main.js`)).toBe('never');
  });
});

describe('pageCacheKey', () => {
  it('keeps one copy of each page by its path, so no page is shown offline at another path', () => {
    expect(pageCacheKey(new URL('http://shop.test/contact?from=mail'))).toBe(
      'http://shop.test/contact',
    );
    expect(pageCacheKey(new URL('http://shop.test/contact/'))).toBe('http://shop.test/contact');
    expect(pageCacheKey(new URL('http://shop.test/'))).toBe('http://shop.test/');
    expect(pageCacheKey(new URL('http://shop.test/orders/ORD-1'))).toBe(
      'http://shop.test/orders/ORD-1',
    );
  });
});
