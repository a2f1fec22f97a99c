// Which HTML answers which path of the shell: the pages prerendered at build time (scripts/prerender.mjs),
// the routes the app knows (a path outside them is answered with the 404 page and status 404), and the
// shop's contact details that those pages show. Shared by the build and by server.mjs.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SHOP_IDENTITY_DEFAULTS from '@shop/contracts/shop-identity.json' with { type: 'json' };
import remotePages from '../src/app/remote-pages.json' with { type: 'json' };

/**
 * The remotes' pages (path, exposed module, the area its fallback names), one table with the app's
 * src/app/routes.tsx. `debug` pages exist only outside production.
 */
export const REMOTE_PAGES = remotePages;

/**
 * The app's routes: the shell's own pages and the remotes' (src/app/route-paths.test.tsx renders each
 * in the app). `debug` routes exist only outside production.
 */
export const ROUTES = {
  shop: ['/', '/contact', ...REMOTE_PAGES.filter((p) => !p.debug).map((p) => p.path)],
  debug: [...REMOTE_PAGES.filter((p) => p.debug).map((p) => p.path), '/debug-session'],
};

/**
 * The prerendered pages. `hydrate`: the page itself (it depends on nobody's session), hydrated in the
 * browser. Otherwise the layout with the skeleton a remote's page arrives in, drawn over by the
 * browser's first render. `path` null: not one path (the 404 page, the other routes' skeleton).
 * `pageTitle` is what the page's useDocumentTitle sets.
 */
export const PAGES = [
  { path: '/', file: 'index.html', renderPath: '/', pageTitle: undefined, hydrate: true },
  {
    path: '/contact',
    file: 'contact/index.html',
    renderPath: '/contact',
    pageTitle: 'Contact',
    hydrate: true,
  },
  { path: null, file: '404.html', renderPath: '/404', pageTitle: 'Page not found', hydrate: true },
  // The routes whose skeleton draws the page's own top (the nav links' routes among them, so the current
  // link is marked from the first paint).
  { path: '/products', file: 'products/index.html', renderPath: '/products', hydrate: false },
  { path: '/cart', file: 'cart/index.html', renderPath: '/cart', hydrate: false },
  { path: '/checkout', file: 'checkout/index.html', renderPath: '/checkout', hydrate: false },
  // Every other route: the plain skeleton, and no nav link is current at /reset-password.
  { path: null, file: 'skeleton.html', renderPath: '/reset-password', hydrate: false },
];
export const NOT_FOUND_FILE = '404.html';
export const SKELETON_FILE = 'skeleton.html';
/** What the build records next to the pages: the contact details they show. */
export const MANIFEST_FILE = 'prerendered.json';
/** The Node bundle of src/prerender/render.tsx; under a dot folder, which the server never serves. */
export const RENDER_BUNDLE = '.server/render.mjs';
/** webpack's index.html, the template every page is filled into. */
export const TEMPLATE_FILE = '.server/template.html';

/**
 * The shop's name and contact details, from SHOP_NAME, SHOP_PHONE, SHOP_EMAIL, SHOP_HOURS and
 * SHOP_ADDRESS (README), over the same defaults as the API's invoices and emails
 * (@shop/contracts/shop-identity.json), so the site and the mail name one shop.
 */
export function shopContact(env = process.env) {
  return {
    name: env.SHOP_NAME || SHOP_IDENTITY_DEFAULTS.name,
    phone: env.SHOP_PHONE || SHOP_IDENTITY_DEFAULTS.phone,
    email: env.SHOP_EMAIL || SHOP_IDENTITY_DEFAULTS.email,
    hours: env.SHOP_HOURS || SHOP_IDENTITY_DEFAULTS.hours,
    ...(env.SHOP_ADDRESS ? { address: env.SHOP_ADDRESS } : {}),
  };
}

function patternExpression(pattern) {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  // Like the router: any letter case, and a trailing slash.
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

/** True when the app has a route for pathname (the debug routes only outside production). */
export function isKnownPath(pathname, environment) {
  const patterns = [...ROUTES.shop, ...(environment === 'production' ? [] : ROUTES.debug)];
  return patterns.some((pattern) => patternExpression(pattern).test(pathname));
}

/**
 * The remote page at pathname, as `{ remote, expose }` (`configurator`, `./ConfiguratorPage`), or null
 * for the shell's own pages and unknown paths.
 */
export function remotePageAt(pathname, environment) {
  const page = REMOTE_PAGES.find(
    (p) => (!p.debug || environment !== 'production') && patternExpression(p.path).test(pathname),
  );
  if (!page) return null;
  const [remote, name] = page.module.split('/');
  return { remote, expose: `./${name}` };
}

/** The HTML file and status that answer a page request at pathname (a path with no file of its own). */
export function pageFor(pathname, environment) {
  if (!isKnownPath(pathname, environment)) return { file: NOT_FOUND_FILE, status: 404 };
  const page = PAGES.find((p) => p.path !== null && patternExpression(p.path).test(pathname));
  return { file: page?.file ?? SKELETON_FILE, status: 200 };
}

const sameContact = (a, b) =>
  ['name', 'phone', 'email', 'hours', 'address'].every(
    (field) => (a?.[field] ?? null) === (b[field] ?? null),
  );

/**
 * The prerendered pages as this server shows them: the build's files when they show this server's
 * contact details; otherwise rendered again at start with them (the build's render bundle), so no
 * page shows details the shop does not use. Returns file -> HTML for the pages rendered again.
 * `load` imports the render bundle (tests give their own).
 */
export async function pagesForContact(
  dist,
  contact,
  { log = console.log, load = (file) => import(pathToFileURL(file).href) } = {},
) {
  const manifestPath = path.join(dist, MANIFEST_FILE);
  if (!existsSync(manifestPath)) return new Map();
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (sameContact(manifest.contact, contact)) return new Map();
  log('shell: the prerendered pages show other contact details; rendering them again at start.');
  const { renderPages } = await load(path.join(dist, RENDER_BUNDLE));
  const template = readFileSync(path.join(dist, manifest.template), 'utf8');
  const pages = await renderPages(template, renderList(), contact);
  return new Map(pages.map((page) => [page.file, page.html]));
}

/** PAGES as src/prerender/render.tsx takes them. */
export function renderList() {
  return PAGES.map(({ file, renderPath, hydrate, pageTitle }) => ({
    file,
    renderPath,
    hydrate,
    pageTitle,
  }));
}
