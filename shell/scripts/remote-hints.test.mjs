import { describe, expect, it } from 'vitest';
import { createRemoteHints, exposedFiles } from './remote-hints.mjs';
import { remotePageAt } from './pages.mjs';

const REMOTES = {
  configurator: 'http://cdn.example/configurator/r7/mf-manifest.json',
  cart_checkout: 'http://cdn.example/cart/r3/mf-manifest.json',
  account: 'http://cdn.example/account/r2/mf-manifest.json',
  admin: 'http://cdn.example/admin/r9/mf-manifest.json',
};
const manifest = (exposes) => ({ name: 'x', exposes });
const CONFIGURATOR = manifest([
  { path: './ConfiguratorPage', assets: { js: { sync: ['145.aa.js', '176.bb.js'], async: [] } } },
  { path: './Other', assets: { js: { sync: ['9.cc.js'], async: [] } } },
]);

function hintsWith(answers, options = {}) {
  const reads = [];
  const hints = createRemoteHints({
    load: async (url) => {
      reads.push(url);
      const answer = answers[url];
      if (answer instanceof Error) throw answer;
      return typeof answer === 'function' ? answer() : answer;
    },
    ...options,
  });
  return { hints, reads };
}

describe('remotePageAt', () => {
  it("names the remote and the exposed module of a remote's route, with or without a parameter", () => {
    expect(remotePageAt('/products', 'production')).toEqual({
      remote: 'configurator',
      expose: './ConfiguratorPage',
    });
    expect(remotePageAt('/orders/lookup', 'production')).toEqual({
      remote: 'account',
      expose: './OrderLookupPage',
    });
    expect(remotePageAt('/orders/1042', 'production')).toEqual({
      remote: 'account',
      expose: './OrderPage',
    });
  });

  it("is null for the shell's own pages, unknown paths and debug pages in production", () => {
    expect(remotePageAt('/', 'production')).toBeNull();
    expect(remotePageAt('/contact', 'production')).toBeNull();
    expect(remotePageAt('/nowhere', 'production')).toBeNull();
    expect(remotePageAt('/admin-test', 'production')).toBeNull();
    expect(remotePageAt('/admin-test', 'development')).toEqual({
      remote: 'admin',
      expose: './AdminTestPage',
    });
  });
});

describe('remote hints', () => {
  it("preloads the route's remote entry and its page's files, from the manifest the page's config names", async () => {
    const { hints } = hintsWith({ [REMOTES.configurator]: CONFIGURATOR });
    expect(await hints('/products', 'production', REMOTES)).toBe(
      '<link rel="preload" as="script" fetchpriority="low" crossorigin="anonymous" href="http://cdn.example/configurator/r7/remoteEntry.js">' +
        '<link rel="preload" as="script" fetchpriority="low" crossorigin="anonymous" href="http://cdn.example/configurator/r7/145.aa.js">' +
        '<link rel="preload" as="script" fetchpriority="low" crossorigin="anonymous" href="http://cdn.example/configurator/r7/176.bb.js">',
    );
  });

  it("preloads the shell's files a remote page needs (its query cache) on every remote route, and only there", async () => {
    const shellFiles = ['shell/87.aa.js', 'shell/596.bb.js'];
    const { hints } = hintsWith(
      { [REMOTES.configurator]: CONFIGURATOR, [REMOTES.cart_checkout]: new Error('down') },
      { shellFiles },
    );
    const shellLinks =
      '<link rel="preload" as="script" fetchpriority="low" href="/shell/87.aa.js">' +
      '<link rel="preload" as="script" fetchpriority="low" href="/shell/596.bb.js">';
    const products = await hints('/products', 'production', REMOTES);
    expect(products.startsWith(shellLinks)).toBe(true);
    expect(products).toContain('href="http://cdn.example/configurator/r7/remoteEntry.js"');
    // A remote that does not answer: its page still needs the shell's files.
    expect(await hints('/cart', 'production', REMOTES)).toBe(shellLinks);
    expect(await hints('/', 'production', REMOTES)).toBe('');
    expect(await hints('/contact', 'production', REMOTES)).toBe('');
  });

  it("names nothing for the shell's pages, and never another remote's files", async () => {
    const { hints, reads } = hintsWith({ [REMOTES.configurator]: CONFIGURATOR });
    expect(await hints('/', 'production', REMOTES)).toBe('');
    expect(await hints('/contact', 'production', REMOTES)).toBe('');
    expect(reads).toEqual([]);
    await hints('/cart', 'production', REMOTES);
    expect(reads).toEqual([REMOTES.cart_checkout]);
  });

  it('names nothing when the remote does not answer or its manifest is not one, and the page still renders', async () => {
    const { hints } = hintsWith({
      [REMOTES.configurator]: new Error('connection refused'),
      [REMOTES.cart_checkout]: { exposes: 'nonsense' },
    });
    expect(await hints('/products', 'production', REMOTES)).toBe('');
    expect(await hints('/cart', 'production', REMOTES)).toBe('');
    expect(await hints('/products', 'production', { configurator: 'not a url' })).toBe('');
  });

  it("leaves out files of another origin (the page's Content-Security-Policy would not run them) and escapes the rest", async () => {
    const { hints } = hintsWith({
      [REMOTES.configurator]: manifest([
        {
          path: './ConfiguratorPage',
          assets: {
            js: { sync: ['https://evil.example/x.js', '//evil.example/y.js', 'a".js'], async: [] },
          },
        },
      ]),
    });
    const html = await hints('/products', 'production', REMOTES);
    expect(html).not.toContain('evil.example');
    expect(html).toContain('href="http://cdn.example/configurator/r7/a%22.js"');
    expect(html).not.toMatch(/href="[^"]*"[^>]*"/);
  });

  it('does not hold a page back for a slow manifest, and uses it once it has arrived', async () => {
    let arrive;
    const slow = new Promise((resolve) => (arrive = resolve));
    const { hints } = hintsWith({ [REMOTES.configurator]: () => slow }, { waitMs: 20 });
    expect(await hints('/products', 'production', REMOTES)).toBe('');
    arrive(CONFIGURATOR);
    await slow;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await hints('/products', 'production', REMOTES)).toContain('145.aa.js');
  });

  it('reads a manifest again once it is stale, keeping the last one meanwhile', async () => {
    let clock = 0;
    let answer = CONFIGURATOR;
    const { hints, reads } = hintsWith(
      { [REMOTES.configurator]: () => answer },
      { now: () => clock, freshMs: 1000 },
    );
    await hints('/products', 'production', REMOTES);
    clock = 500;
    await hints('/products', 'production', REMOTES);
    expect(reads).toHaveLength(1);
    clock = 1500;
    answer = manifest([
      { path: './ConfiguratorPage', assets: { js: { sync: ['200.new.js'], async: [] } } },
    ]);
    expect(await hints('/products', 'production', REMOTES)).toContain('145.aa.js');
    expect(reads).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await hints('/products', 'production', REMOTES)).toContain('200.new.js');
  });

  it('reads the exposed modules of a manifest, and refuses what is not one', () => {
    expect(exposedFiles(CONFIGURATOR)?.get('./ConfiguratorPage')).toEqual([
      '145.aa.js',
      '176.bb.js',
    ]);
    expect(exposedFiles(null)).toBeNull();
    expect(
      exposedFiles({ exposes: [{ path: './X', assets: { js: { sync: [1], async: [] } } }] }),
    ).toBeNull();
  });
});
