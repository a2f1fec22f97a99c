import { expect, test, type Page } from '@playwright/test';

// The installable app: the web app manifest and its icons, the service worker registered once the first
// page has shown, what
// it keeps (hashed files of the shell and the remotes) and what it never keeps (/api), and that the
// files naming a deployment come from the network on every visit.

async function serviceWorkerReady(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
}

async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => request.url));
    }
    return urls;
  });
}

test('the web app manifest names the shop and lists SVG and PNG icons that load', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await page.request.get(href!);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await answer.json();
  expect(manifest).toMatchObject({
    name: 'Custom Engraved Equipment Labels',
    start_url: '/',
    display: 'standalone',
  });
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['any', '192x192', '512x512']));
  for (const icon of manifest.icons as Array<{ src: string; type: string }>) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe(icon.type);
  }
});

test('a service worker is registered once the page has shown and keeps hashed files, never /api', async ({
  page,
}) => {
  await page.goto('/');
  expect(await serviceWorkerReady(page)).toMatch(/\/sw\.js$/);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  // Visit a remote (its own page, not only the prerendered heading) and call the API while the
  // worker controls the page.
  await page.goto('/products');
  await expect(page.locator('[data-remote="configurator"]')).toBeVisible();
  await page.goto('/contact');
  await page.getByRole('textbox', { name: 'Name' }).fill('Ann Lee');
  await page.getByRole('textbox', { name: 'Email' }).fill('ann@plant.example');
  await page.getByRole('textbox', { name: 'Message' }).fill('Please quote 40 phenolic labels.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast')).toContainText('Message sent');

  const urls = await cachedUrls(page);
  expect(urls.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
  expect(urls.some((url) => /\/main\.[0-9a-f]{8}\.js$/.test(url))).toBe(true);
  const config = await (await page.request.get('/config.json')).json();
  const configuratorOrigin = new URL(config.remotes.configurator).origin;
  expect(
    urls.some((url) => url.startsWith(configuratorOrigin) && /\.[0-9a-f]{8}\.js$/.test(url)),
  ).toBe(true);

  // Every kept answer is a 200 the worker could read: a remote's scripts are fetched with CORS, never
  // as opaque answers (status 0) that may hide a 404 kept for 60 days.
  const kept = await page.evaluate(async () => {
    const answers: Array<{ url: string; type: string; status: number }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const answer = (await cache.match(request))!;
        answers.push({ url: request.url, type: answer.type, status: answer.status });
      }
    }
    return answers;
  });
  expect(kept.filter((answer) => answer.url.startsWith(configuratorOrigin)).length).toBeGreaterThan(
    0,
  );
  expect(kept.filter((answer) => answer.status !== 200)).toEqual([]);
});

test('on the next visit, hashed files come from the cache and the deployment entries from the network', async ({
  page,
  context,
}) => {
  await page.goto('/products');
  await serviceWorkerReady(page);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  // The hashed files this visit loads (the page's own, and the cart's preloaded on idle).
  const loadedBefore = new Set<string>();
  const noteLoaded = (request: { url(): string }) => {
    const path = new URL(request.url()).pathname;
    if (/\.[0-9a-f]{8}\.js$/.test(path)) loadedBefore.add(path);
  };
  context.on('request', noteLoaded);
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  context.off('request', noteLoaded);

  // What the worker itself asks the network for on the visit after that.
  const fromWorkerToNetwork: string[] = [];
  context.on('request', (request) => {
    if (request.serviceWorker()) fromWorkerToNetwork.push(new URL(request.url()).pathname);
  });
  const servedByWorker: string[] = [];
  page.on('response', (response) => {
    if (response.fromServiceWorker()) servedByWorker.push(new URL(response.url()).pathname);
  });
  await page.reload();
  // The heading is the prerendered page's; the remote's own page shows once its manifest and entry
  // have been fetched, so what the worker asked the network for is complete only then.
  await expect(page.locator('[data-remote="configurator"]')).toBeVisible();

  expect(servedByWorker.some((path) => /^\/shell\/main\.[0-9a-f]{8}\.js$/.test(path))).toBe(true);
  // Hashed files loaded on the visit before were not fetched again (a remote first preloaded on idle
  // during this visit may still come from the network, once)...
  expect(fromWorkerToNetwork.filter((path) => loadedBefore.has(path))).toEqual([]);
  expect([...loadedBefore].some((path) => /^\/shell\/main\.[0-9a-f]{8}\.js$/.test(path))).toBe(
    true,
  );
  // ...while the page (which carries the run-time config) and each entry were, so a new deployment
  // of any app is seen at once.
  expect(fromWorkerToNetwork).toContain('/products');
  // The remote's manifest and entry, at its root or in its live release's folder (/releases/<version>/).
  for (const file of ['/mf-manifest.json', '/remoteEntry.js'])
    expect(
      fromWorkerToNetwork.some((path) => path.endsWith(file)),
      file,
    ).toBe(true);
  expect(fromWorkerToNetwork.some((path) => path.startsWith('/api'))).toBe(false);
});

test('the Install App button appears only when the browser offers installation', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('button', { name: 'Install App' })).toHaveCount(0);
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {},
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
  await expect(footer.getByRole('button', { name: 'Install App' })).toBeVisible();
  await footer.getByRole('button', { name: 'Install App' }).click();
  await expect(footer.getByRole('button', { name: 'Install App' })).toHaveCount(0);
});
