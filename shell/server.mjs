// Serves the shell's production build like its own deployment: the page (with the run-time config
// inlined, so the page does not wait for a second request before loading remotes), its files under
// /shell/, /config.json with the remotes' URLs (the release registry's live releases, or the
// environment's URLs where it has none; scripts/lib/live-remotes.mjs), and /api
// forwarded to the API so the browser talks to one origin.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createStaticServer,
  listen,
  pageSecurityHeaders,
  stopOnSignals,
} from '../scripts/lib/static-server.mjs';
import { createLiveRemotes } from '../scripts/lib/live-remotes.mjs';
import { pageFor, pagesForContact, shopContact } from './scripts/pages.mjs';
import { createRemoteHints } from './scripts/remote-hints.mjs';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
const env = process.env;
const port = Number(env.SHELL_PORT ?? 3000);
const remote = (variable, fallbackPort) =>
  env[variable] ?? `http://localhost:${fallbackPort}/mf-manifest.json`;

const runtimeConfig = {
  environment:
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development',
  remotes: {
    configurator: remote('REMOTE_CONFIGURATOR_URL', env.CONFIGURATOR_PORT ?? 3001),
    cart_checkout: remote('REMOTE_CART_CHECKOUT_URL', env.CART_CHECKOUT_PORT ?? 3002),
    account: remote('REMOTE_ACCOUNT_URL', env.ACCOUNT_PORT ?? 3003),
    admin: remote('REMOTE_ADMIN_URL', env.ADMIN_PORT ?? 3004),
  },
  contact: shopContact(env),
};
/** The prerendered pages rendered again here, when the build's show other contact details. */
const renderedAgain = await pagesForContact(dist, runtimeConfig.contact);

// API_URL may name several API replicas, comma-separated: /api requests go to each in turn; the live
// releases are read from the first.
const apiUrls = (env.API_URL ?? `http://127.0.0.1:${env.API_PORT ?? 4000}`)
  .split(',')
  .map((url) => url.trim())
  .filter(Boolean);
const apiUrl = apiUrls[0];
/** The live releases from the registry, read at each page (a few seconds' cache), env URLs otherwise. */
const liveRemotes = createLiveRemotes({ apiUrl, fallback: runtimeConfig.remotes });
const pageConfig = async (req) => ({
  ...runtimeConfig,
  ...(await liveRemotes(req.headers.cookie)),
});

/**
 * Where the remotes' scripts, manifests and images come from: the origins of their manifest URLs, and
 * RELEASE_ORIGINS (the CDN or object-storage origin a release store publishes to).
 */
const remoteOrigins = [
  ...Object.values(runtimeConfig.remotes).map((url) => new URL(url).origin),
  ...(env.RELEASE_ORIGINS ?? '').split(',').filter(Boolean),
];
/** The shell's files a remote's page needs beyond the landing page's, listed by its build. */
const remotePageFiles = path.join(dist, '.server/remote-page-files.json');
const remoteHints = createRemoteHints({
  shellFiles: existsSync(remotePageFiles) ? JSON.parse(readFileSync(remotePageFiles, 'utf8')) : [],
});
/**
 * The config as a JSON data block in the page: a data block is not a script, so a strict
 * Content-Security-Policy never blocks it; `<` is escaped so no value can close the element. A remote's
 * page also names that remote's files to preload (scripts/remote-hints.mjs).
 */
async function inlineConfig(html, req, file) {
  html = renderedAgain.get(file) ?? html;
  const config = await pageConfig(req);
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const { pathname } = new URL(req.url, 'http://shell');
  const hints = await remoteHints(pathname, runtimeConfig.environment, config.remotes);
  return html.replace(
    '</head>',
    `${hints}<script type="application/json" id="shop-config">${json}</script></head>`,
  );
}

const server = createStaticServer({
  root: dist,
  // Each route's prerendered page or skeleton, and the 404 page (status 404) where the app has no route.
  spa: (pathname) => pageFor(pathname, runtimeConfig.environment),
  forward: { '/api': apiUrls },
  json: { '/config.json': pageConfig },
  pageHeaders: pageSecurityHeaders({ remoteOrigins, production: env.NODE_ENV === 'production' }),
  // The builds' source maps for development's debugging; production does not publish its source.
  sourceMaps: env.NODE_ENV !== 'production',
  // A TLS proxy or load balancer in front of this server: set to how many, so the API sees the
  // shopper's address rather than the proxy's (its per-address limits depend on it).
  trustProxyHops: Number(env.TRUST_PROXY_HOPS ?? 0),
  page: inlineConfig,
});
await listen(server, {
  port,
  host: env.HOST ?? '127.0.0.1',
  portVariable: 'SHELL_PORT',
  name: 'shell',
});
console.log(`shell: http://localhost:${port}`);
stopOnSignals(server);
