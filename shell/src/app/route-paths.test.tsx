import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { stubApi } from '@shop/ui/testing';
// @ts-expect-error plain ESM shared with server.mjs and the build
import { isKnownPath, ROUTES } from '../../scripts/pages.mjs';
import { resetShell, TEST_CONFIG } from '../testing/shell-config';
import { App } from './app';

// The shell's server answers a path the app has no route for with the 404 page and status 404; its list
// of routes (scripts/pages.mjs) must be the app's.
vi.mock(import('../lib/remotes'), async (importOriginal) => ({
  ...(await importOriginal()),
  loadRemoteComponent: () => new Promise(() => {}),
  preloadLikelyNext: () => {},
}));

const SAMPLE_PARAM = 'ABC123';
const sample = (pattern: string) => pattern.replace(/:[^/]+/g, SAMPLE_PARAM);

beforeEach(() => {
  resetShell();
  stubApi({});
});

function showsNotFound(path: string): boolean {
  // The browser's location for the router in jsdom; serverPath, as the build renders it.
  window.history.replaceState(null, '', path);
  const { unmount } = render(<App serverPath={path} />);
  const found = screen.queryByRole('heading', { name: 'Page not found' }) !== null;
  unmount();
  return found;
}

describe('the routes the shell server knows', () => {
  const { shop, debug } = ROUTES as { shop: string[]; debug: string[] };

  it.each([...shop, ...debug].map(sample))(
    '%s has a page in the app (outside production)',
    (path) => {
      expect(showsNotFound(path)).toBe(false);
      expect(isKnownPath(path, 'test')).toBe(true);
    },
  );

  it.each(['/no-such-page', '/products/extra', '/orders/a/b', '/confirmation'])(
    '%s is the 404 page in the app and unknown to the server',
    (path) => {
      expect(showsNotFound(path)).toBe(true);
      expect(isKnownPath(path, 'test')).toBe(false);
    },
  );

  it.each(debug)('%s is the 404 page in production, in the app and on the server', (path) => {
    resetShell({ ...TEST_CONFIG, environment: 'production' });
    expect(showsNotFound(path)).toBe(true);
    expect(isKnownPath(path, 'production')).toBe(false);
  });
});
