import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { init } from '@module-federation/enhanced/runtime';
import {
  loadRemoteModule,
  preloadExposed,
  registerShopRemotes,
  remoteEntryUrl,
  remoteOf,
  resetFederation,
  shopRuntimePlugin,
} from './federation';
import { provideRuntimeConfig } from './runtime-config';

const MANIFEST = 'http://localhost:3002/releases/1.0.0-abc1234/mf-manifest.json';
const RELEASE = 'http://localhost:3002/releases/1.0.0-abc1234';

/**
 * What the page gets: an entry script runs (putting the remote's container on the page) or fails, as
 * the test says; links are only recorded.
 */
function fakePage({ entryLoads = (): boolean => true } = {}) {
  const scripts: string[] = [];
  const links: { rel: string; as: string; href: string }[] = [];
  const cartPage = { default: () => null };
  const container = {
    init: vi.fn(async () => undefined),
    get: vi.fn(async (module: string) => {
      if (module !== './CartPage')
        throw new Error(`Module "${module}" does not exist in container.`);
      return () => cartPage;
    }),
  };
  const attach = (node: Node) => {
    if (node instanceof HTMLScriptElement) {
      scripts.push(node.src);
      const loads = entryLoads();
      queueMicrotask(() => {
        if (loads) {
          (window as unknown as Record<string, unknown>).cart_checkout = container;
          node.onload?.(new Event('load'));
        } else node.onerror?.(new Event('error'));
      });
    } else if (node instanceof HTMLLinkElement) {
      links.push({ rel: node.rel, as: node.as, href: node.href });
    }
  };
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) if (typeof node !== 'string') attach(node);
  });
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    attach(node);
    return node;
  });
  return { scripts, links, container, cartPage };
}

function answerManifest(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** As @module-federation/enhanced writes it, reduced to what the shell reads. */
const cartManifest = {
  exposes: [
    {
      path: './CartPage',
      assets: {
        js: { sync: ['883.1ec6c99c.js', '__federation_expose_CartPage.js'], async: ['9.a.js'] },
      },
    },
    { path: './CheckoutPage', assets: { js: { sync: ['144.dc339f77.js'], async: [] } } },
  ],
};

const unavailable = ({ error }: { error: unknown }) =>
  createElement('p', { role: 'alert' }, `unavailable: ${String(error)}`);

beforeAll(() => {
  // The page's runtime, as the shell's webpack build starts it.
  init({ name: 'shell', remotes: [] });
});

let check = vi.fn<(remote: string) => void>();

beforeEach(() => {
  resetFederation();
  provideRuntimeConfig({
    environment: 'test',
    remotes: {
      configurator: 'http://localhost:3001/mf-manifest.json',
      cart_checkout: MANIFEST,
      account: 'http://localhost:3003/mf-manifest.json',
      admin: 'http://localhost:3004/mf-manifest.json',
    },
    contact: { phone: '+1 555', email: 'a@example.com' },
  });
  check = vi.fn<(remote: string) => void>();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>).cart_checkout;
});

describe('remoteEntryUrl', () => {
  it('is the remoteEntry.js beside the manifest, a release folder included', () => {
    expect(remoteEntryUrl(MANIFEST)).toBe(`${RELEASE}/remoteEntry.js`);
    expect(remoteEntryUrl('http://localhost:3001/mf-manifest.json')).toBe(
      'http://localhost:3001/remoteEntry.js',
    );
    expect(remoteOf('cart_checkout/CartPage')).toBe('cart_checkout');
  });
});

describe('loadRemoteModule, through the federation runtime', () => {
  it("runs the remote's entry from /config.json once and answers the module", async () => {
    const page = fakePage();
    registerShopRemotes(check);
    const first = await loadRemoteModule('cart_checkout/CartPage');
    const again = await loadRemoteModule('cart_checkout/CartPage');

    expect(first).toBe(page.cartPage);
    expect(again).toBe(page.cartPage);
    expect(page.scripts).toEqual([`${RELEASE}/remoteEntry.js`]);
    expect(page.container.init).toHaveBeenCalledTimes(1);
    expect(page.container.get).toHaveBeenCalledWith('./CartPage');
    expect(check).toHaveBeenCalledWith('cart_checkout');
  });

  it("resolves to the slot's fallback, with the error, when the remote is refused", async () => {
    const page = fakePage();
    const refusal = new Error('needs contracts ^2.0.0');
    registerShopRemotes(() => {
      throw refusal;
    });
    const module = await loadRemoteModule<{ default: typeof unavailable }>(
      'cart_checkout/CartPage',
      unavailable,
    );
    const drawnWith = vi.fn();
    const recording = ({ error }: { error: unknown }) => {
      drawnWith(error);
      return unavailable({ error });
    };
    const recorded = await loadRemoteModule<{ default: typeof unavailable }>(
      'cart_checkout/CheckoutPage',
      recording,
    );
    render(createElement(recorded.default, { error: undefined }));
    // The fallback is drawn with the refusal itself (the slot names a skewed release's version).
    expect(drawnWith).toHaveBeenCalledWith(refusal);
    expect(screen.getByRole('alert')).toHaveTextContent('needs contracts ^2.0.0');
    expect(module.default).toBeTypeOf('function');
    // Refused before anything of it was fetched.
    expect(page.scripts).toEqual([]);
  });

  it("resolves to the fallback when the entry does not load, and tries again on the route's next visit", async () => {
    let up = false;
    const page = fakePage({ entryLoads: () => up });
    registerShopRemotes(check);
    const down = await loadRemoteModule<{ default: typeof unavailable }>(
      'cart_checkout/CartPage',
      unavailable,
    );
    expect(down.default).not.toBe(page.cartPage.default);
    render(createElement(down.default, { error: undefined }));
    expect(screen.getByRole('alert')).toHaveTextContent('unavailable');

    up = true;
    await expect(loadRemoteModule('cart_checkout/CartPage', unavailable)).resolves.toBe(
      page.cartPage,
    );
    expect(page.scripts).toHaveLength(2);
  });

  it('rejects, for the error boundary, a module without a fallback the remote does not expose', async () => {
    fakePage();
    registerShopRemotes(check);
    await expect(loadRemoteModule('cart_checkout/NoSuchPage')).rejects.toThrow('does not exist');
  });
});

describe('the runtime plugin', () => {
  it('answers a failure only once, as the load fails (not again for the refused request)', () => {
    const plugin = shopRuntimePlugin(check);
    const args = { id: 'cart_checkout/CartPage', error: new Error('down'), from: 'runtime' };
    expect(
      plugin.errorLoadRemote?.({ ...args, lifecycle: 'beforeRequest' } as never),
    ).toBeUndefined();
  });
});

describe('preloadExposed', () => {
  it("fetches the entry and the page's files as preloads, running no script", async () => {
    const page = fakePage();
    answerManifest(cartManifest);
    await preloadExposed('cart_checkout', './CheckoutPage');

    expect(page.scripts).toEqual([]);
    expect(page.container.init).not.toHaveBeenCalled();
    expect(page.links).toEqual([
      { rel: 'preload', as: 'script', href: `${RELEASE}/remoteEntry.js` },
      { rel: 'preload', as: 'script', href: `${RELEASE}/144.dc339f77.js` },
    ]);
  });

  it("fetches the page's first files only, not the chunks it loads later", async () => {
    const page = fakePage();
    const fetchMock = answerManifest(cartManifest);
    await preloadExposed('cart_checkout', './CartPage');
    expect(fetchMock).toHaveBeenCalledWith(MANIFEST);
    expect(page.links.map((l) => l.href)).toEqual([
      `${RELEASE}/remoteEntry.js`,
      `${RELEASE}/883.1ec6c99c.js`,
      `${RELEASE}/__federation_expose_CartPage.js`,
    ]);
  });

  it('fetches a page the shopper may open next as prefetches (no "preloaded but not used" warning)', async () => {
    const page = fakePage();
    answerManifest(cartManifest);
    await preloadExposed('cart_checkout', './CartPage', { ahead: true });
    expect(page.links.map((l) => [l.rel, l.href])).toEqual([
      ['prefetch', `${RELEASE}/remoteEntry.js`],
      ['prefetch', `${RELEASE}/883.1ec6c99c.js`],
      ['prefetch', `${RELEASE}/__federation_expose_CartPage.js`],
    ]);
  });

  it('fetches the files a page loads later too when asked, as prefetches', async () => {
    const page = fakePage();
    answerManifest(cartManifest);
    await preloadExposed('cart_checkout', './CartPage', { ahead: true, lazy: true });
    expect(page.scripts).toEqual([]);
    expect(page.links.map((l) => [l.rel, l.href])).toEqual([
      ['prefetch', `${RELEASE}/remoteEntry.js`],
      ['prefetch', `${RELEASE}/883.1ec6c99c.js`],
      ['prefetch', `${RELEASE}/__federation_expose_CartPage.js`],
      ['prefetch', `${RELEASE}/9.a.js`],
    ]);
  });

  it("adds no second preload for a file the page's HTML already preloads (the server's hints)", async () => {
    const fromServer = document.createElement('link');
    fromServer.setAttribute('rel', 'preload');
    fromServer.setAttribute('as', 'script');
    fromServer.setAttribute('href', `${RELEASE}/remoteEntry.js`);
    document.head.appendChild(fromServer);
    try {
      const page = fakePage();
      answerManifest(cartManifest);
      await preloadExposed('cart_checkout', './CheckoutPage');
      expect(page.links).toEqual([
        { rel: 'preload', as: 'script', href: `${RELEASE}/144.dc339f77.js` },
      ]);
    } finally {
      fromServer.remove();
    }
  });

  it('rejects an answer that is not a remote manifest, and reads it again next time', async () => {
    fakePage();
    answerManifest({ message: 'Not found' }, 200);
    await expect(preloadExposed('cart_checkout', './CartPage')).rejects.toThrow(
      'Not a remote manifest',
    );
    const fetchMock = answerManifest(cartManifest);
    await preloadExposed('cart_checkout', './CartPage');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
