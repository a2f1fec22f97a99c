import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadExposed, preloadExposed, remoteEntryUrl, resetFederation } from './federation';
import { provideRuntimeConfig } from './runtime-config';

const MANIFEST = 'http://localhost:3002/releases/1.0.0-abc1234/mf-manifest.json';
const RELEASE = 'http://localhost:3002/releases/1.0.0-abc1234';

/** What the page gets: scripts run (or fail) as the test says; links are only recorded. */
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
  const shareScope = {};
  vi.stubGlobal(
    '__webpack_init_sharing__',
    vi.fn(async () => undefined),
  );
  vi.stubGlobal('__webpack_share_scopes__', { default: shareScope });
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) {
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
    }
  });
  return { scripts, links, container, cartPage, shareScope };
}

function answerManifest(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const cartManifest = {
  exposes: [
    { path: './CartPage', assets: { js: ['883.1ec6c99c.js', '__federation_expose_CartPage.js'] } },
    { path: './CheckoutPage', assets: { js: ['144.dc339f77.js'] } },
  ],
};

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
});

afterEach(() => {
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
  });
});

describe('loadExposed', () => {
  it("runs the remote's entry once, joins it to the shell's share scope and answers the module", async () => {
    const page = fakePage();
    answerManifest(cartManifest);
    const first = await loadExposed('cart_checkout', './CartPage');
    const again = await loadExposed('cart_checkout', './CartPage');

    expect(first).toBe(page.cartPage);
    expect(again).toBe(page.cartPage);
    expect(page.scripts).toEqual([`${RELEASE}/remoteEntry.js`]);
    expect(page.container.init).toHaveBeenCalledWith(page.shareScope);
    expect(page.container.get).toHaveBeenCalledWith('./CartPage');
  });

  it("fetches the module's files ahead from the manifest while the entry loads", async () => {
    const page = fakePage();
    const fetchMock = answerManifest(cartManifest);
    await loadExposed('cart_checkout', './CartPage');
    await vi.waitFor(() =>
      expect(page.links.map((l) => l.href)).toEqual(
        expect.arrayContaining([
          `${RELEASE}/883.1ec6c99c.js`,
          `${RELEASE}/__federation_expose_CartPage.js`,
        ]),
      ),
    );
    expect(fetchMock).toHaveBeenCalledWith(MANIFEST);
    expect(page.links.map((l) => l.href)).not.toContain(`${RELEASE}/144.dc339f77.js`);
  });

  it('rejects when the remote is down, and tries again on the next visit', async () => {
    let up = false;
    const page = fakePage({ entryLoads: () => up });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(loadExposed('cart_checkout', './CartPage')).rejects.toThrow(
      `Could not load ${RELEASE}/remoteEntry.js`,
    );
    up = true;
    answerManifest(cartManifest);
    await expect(loadExposed('cart_checkout', './CartPage')).resolves.toBe(page.cartPage);
    expect(page.scripts).toHaveLength(2);
  });

  it('rejects a module the remote does not expose', async () => {
    fakePage();
    answerManifest(cartManifest);
    await expect(loadExposed('cart_checkout', './NoSuchPage')).rejects.toThrow('does not exist');
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

  it('fetches a page the shopper may open next as prefetches (no "preloaded but not used" warning)', async () => {
    const page = fakePage();
    answerManifest(cartManifest);
    await preloadExposed('cart_checkout', './CheckoutPage', { ahead: true });
    expect(page.scripts).toEqual([]);
    expect(page.links).toEqual([
      { rel: 'prefetch', as: 'script', href: `${RELEASE}/remoteEntry.js` },
      { rel: 'prefetch', as: 'script', href: `${RELEASE}/144.dc339f77.js` },
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
