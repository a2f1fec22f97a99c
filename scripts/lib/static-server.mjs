// A small production static server for the shell and each remote: serves a build folder as its own
// deployment would (long-lived caching for hashed files, no-cache for entries), gzip, CORS for remotes,
// and optional forwarding of path prefixes (the shell forwards /api to the API).
import http from 'node:http';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { precompressedVariant } from './precompressed.mjs';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.json',
  '.webmanifest',
  '.css',
  '.svg',
  '.map',
  '.txt',
]);
const HASHED = /\.[0-9a-f]{8}\.(js|css|png|svg|woff2)$/;

// Square's Web Payments SDK (PAYMENT_PROVIDER=square): its script, the card frames it opens and the
// endpoints it calls, in production and sandbox (Square's CSP guide for the Web Payments SDK).
const SQUARE = {
  script: ['https://*.squarecdn.com', 'https://js.squareup.com', 'https://js.squareupsandbox.com'],
  connect: [
    'https://*.squarecdn.com',
    'https://pci-connect.squareup.com',
    'https://pci-connect.squareupsandbox.com',
  ],
  frame: [
    'https://*.squarecdn.com',
    'https://*.squareup.com',
    'https://*.squareupsandbox.com',
    'https://geoissuer.cardinalcommerce.com',
  ],
};

/**
 * Headers for every HTML page of the shop (the shell's and each remote's standalone page):
 * - Content-Security-Policy: scripts, styles, connections and frames only from this origin, the
 *   remotes' origins (their scripts, manifests and images) and the card payment provider, so an
 *   injected script tag or a script from elsewhere does not run; no plugins; no <base> or form posts
 *   elsewhere; frame-ancestors 'none' (with X-Frame-Options for old browsers): no foreign page can
 *   frame /admin or /checkout to trick a click. Styles allow inline: styled-components writes <style>.
 * - Permissions-Policy: no camera, microphone, location, USB or Payment Request for any script.
 * - Strict-Transport-Security in production: the browser keeps to HTTPS after the first visit.
 * @param {{ remoteOrigins?: string[], production?: boolean }} options
 */
export function pageSecurityHeaders({ remoteOrigins = [], production = false } = {}) {
  const list = (...sources) => [...new Set(sources.flat())].join(' ');
  const policy = [
    "default-src 'self'",
    `script-src ${list("'self'", remoteOrigins, SQUARE.script)}`,
    `style-src ${list("'self'", "'unsafe-inline'", 'https://*.squarecdn.com')}`,
    `img-src ${list("'self'", 'data:', 'blob:', remoteOrigins)}`,
    `font-src ${list("'self'", 'data:', remoteOrigins, 'https://*.squarecdn.com')}`,
    `connect-src ${list("'self'", remoteOrigins, SQUARE.connect)}`,
    `frame-src ${list("'self'", SQUARE.frame)}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': policy,
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=()',
    ...(production ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

/** On every answer of these servers: no type sniffing, and no full URLs leaked to other sites. */
const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

function cacheControl(filePath) {
  return HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * A validator for the files answered no-cache (manifests, remote entries): the browser asks again on
 * every load and gets a 304 while the file is the same (README "Releasing a remote").
 */
function entityTag(filePath) {
  const stat = statSync(filePath);
  return `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
}

/**
 * The address of whoever sent the request. With no proxy in front (hops 0) it is the socket's peer,
 * and X-Forwarded-For from the client is ignored: anyone can write that header, and the API's
 * per-address limits read the address from it. With hops proxies of the operator's in front, it is
 * the entry those proxies appended for their own peer.
 */
export function clientAddress(req, trustProxyHops = 0) {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, req.socket.remoteAddress ?? ''];
  return chain[Math.max(0, chain.length - 1 - trustProxyHops)];
}

/** The errors of a connection that was never made: the request did not reach that replica. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * The request's path and query on `target`, never on another host: a request line may name one
 * (absolute form, 'GET http://10.0.0.5/api/x', or '//10.0.0.5/api/x'), which resolved against the
 * target would send the request, headers and body, wherever the caller wants.
 */
export function upstreamUrl(requestUrl, target) {
  const { pathname, search } = new URL(requestUrl ?? '/', 'http://localhost');
  const url = new URL(target);
  url.pathname = pathname;
  url.search = search;
  return url;
}

/**
 * Forwards req to `nextTarget()`. Its body is read only once the connection to the replica is made,
 * so a replica that refuses it (restarting, stopped for a release) costs nothing: the request, its
 * body unread, goes to the next replica, each tried once. A GET or HEAD sent on a kept-alive
 * connection the replica closed meanwhile (a stopping API lets its connections go rather than
 * closing them, api/src/server.ts; another server may not) is sent
 * once more on a new connection: it changes nothing, whether or not it was read. Anything else that
 * may have been read is not sent again. Only when no replica answers is the answer a 502.
 */
function forward(req, res, nextTarget, replicas, trustProxyHops) {
  req.pause();
  let resent = false;
  const attempt = (triesLeft) => {
    const url = upstreamUrl(req.url, nextTarget());
    const trustedProto = trustProxyHops > 0 ? req.headers['x-forwarded-proto'] : undefined;
    // The host the browser asked for (the API's CSRF check compares a write's Origin with it):
    // the operator's proxy's word for it when one is in front, as for the scheme.
    const trustedHost = trustProxyHops > 0 ? req.headers['x-forwarded-host'] : undefined;
    let connected = false;
    const upstream = http.request(
      url,
      {
        method: req.method,
        headers: {
          ...req.headers,
          host: url.host,
          'x-forwarded-host': trustedHost ?? req.headers.host ?? '',
          // Replaced, never passed on: the API trusts exactly one hop, this one.
          'x-forwarded-for': clientAddress(req, trustProxyHops),
          'x-forwarded-proto': trustedProto ?? (req.socket.encrypted ? 'https' : 'http'),
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('socket', (socket) => {
      const send = () => {
        connected = true;
        // A GET sent again: its (empty) body was read with the first connection.
        if (req.readableEnded) return upstream.end();
        req.pipe(upstream);
        req.resume();
      };
      if (socket.connecting) socket.once('connect', send);
      else send();
    });
    upstream.on('error', (error) => {
      if (!connected && NOT_CONNECTED.has(error.code) && triesLeft > 1)
        return attempt(triesLeft - 1);
      const idempotent = req.method === 'GET' || req.method === 'HEAD';
      if (idempotent && upstream.reusedSocket && !res.headersSent && !resent) {
        resent = true;
        return attempt(triesLeft);
      }
      if (res.headersSent) return res.destroy();
      res.writeHead(502, {
        ...COMMON_HEADERS,
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'retry-after': '2',
      });
      res.end(
        JSON.stringify({
          message: 'The shop service is not reachable right now. Please try again shortly.',
        }),
      );
    });
  };
  attempt(replicas);
}

/**
 * @param {object} options
 * @param {string} options.root folder to serve
 * @param {boolean | ((pathname: string) => { file: string, status: number })} [options.spa] answer
 *   unknown extension-less GETs with index.html, or with the file (relative to root) and status the
 *   function gives for the path (the shell: a route's prerendered page, the 404 page for no route)
 * @param {boolean} [options.cors] allow any origin to fetch the files (remotes)
 * @param {Record<string, string | string[]>} [options.forward] path prefix -> origin to forward to,
 *   or several origins (API replicas) taken in turn, one request each (round robin)
 * @param {Record<string, (req: import('node:http').IncomingMessage) => unknown>} [options.json] path ->
 *   value (or its promise) answered as JSON (no-cache)
 * @param {Record<string, string>} [options.headers] extra headers on every answer
 * @param {Record<string, string>} [options.pageHeaders] headers on HTML pages (pageSecurityHeaders)
 * @param {number} [options.trustProxyHops] reverse proxies of the operator's in front of this server
 *   whose X-Forwarded-For / X-Forwarded-Proto are believed (0: none, the client connects directly)
 * @param {(html: string, req: import('node:http').IncomingMessage, file: string) => string | Promise<string>} [options.page]
 *   rewrites each HTML page of root before it is sent (file: its path relative to root; the shell
 *   inlines its run-time config there)
 * @param {Record<string, string>} [options.mounts] path prefix -> another folder served under it (a
 *   remote's release store under /releases)
 * @param {boolean} [options.sourceMaps] serve the builds' source maps (`.map`); false in production,
 *   where they would hand anyone the shop's original source, comments included
 */
export function createStaticServer({
  root,
  spa = false,
  cors = false,
  forward: routes = {},
  json = {},
  headers = {},
  pageHeaders = pageSecurityHeaders(),
  trustProxyHops = 0,
  page,
  mounts = {},
  sourceMaps = true,
}) {
  const gzipCache = new Map();
  root = path.resolve(root);
  mounts = Object.fromEntries(Object.entries(mounts).map(([p, dir]) => [p, path.resolve(dir)]));
  const turns = new Map();
  /** The origin for the next request under prefix: the next replica in turn. */
  function targetOf(prefix) {
    const targets = [routes[prefix]].flat();
    const turn = turns.get(prefix) ?? 0;
    turns.set(prefix, (turn + 1) % targets.length);
    return targets[turn % targets.length];
  }
  const indexFile = path.join(root, 'index.html');

  function send(req, res, filePath, status = 200) {
    const ext = path.extname(filePath);
    const type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
    const common = {
      'content-type': type,
      'cache-control': cacheControl(filePath),
      vary: 'accept-encoding',
      ...(ext === '.html' ? pageHeaders : {}),
      ...headers,
    };
    if (cors) common['access-control-allow-origin'] = '*';
    if (page && ext === '.html' && filePath.startsWith(root + path.sep)) {
      return sendPage(req, res, common, filePath, status).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    }
    if (common['cache-control'] === 'no-cache' && ext !== '.html') {
      const tag = entityTag(filePath);
      common.etag = tag;
      if (req.headers['if-none-match'] === tag) {
        res.writeHead(304, common);
        return res.end();
      }
    }
    const variant = COMPRESSIBLE.has(ext)
      ? precompressedVariant(filePath, req.headers['accept-encoding'])
      : undefined;
    if (variant) return sendPrecompressed(req, res, common, variant);
    const acceptsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    if (acceptsGzip && COMPRESSIBLE.has(ext)) {
      const mtime = statSync(filePath).mtimeMs;
      let cached = gzipCache.get(filePath);
      if (!cached || cached.mtime !== mtime) {
        cached = { mtime, body: zlib.gzipSync(readFileSync(filePath), { level: 9 }) };
        gzipCache.set(filePath, cached);
      }
      res.writeHead(200, {
        ...common,
        'content-encoding': 'gzip',
        'content-length': cached.body.length,
      });
      return res.end(req.method === 'HEAD' ? undefined : cached.body);
    }
    res.writeHead(status, { ...common, 'content-length': statSync(filePath).size });
    if (req.method === 'HEAD') return res.end();
    createReadStream(filePath).pipe(res);
  }

  /** A page, rewritten by `page`; small, so compressed per request. */
  async function sendPage(req, res, common, filePath, status) {
    const file = path.relative(root, filePath).split(path.sep).join('/');
    const html = Buffer.from(await page(readFileSync(filePath, 'utf8'), req, file));
    const acceptsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const body = acceptsGzip ? zlib.gzipSync(html) : html;
    res.writeHead(status, {
      ...common,
      ...(acceptsGzip ? { 'content-encoding': 'gzip' } : {}),
      'content-length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** A copy the build compressed ahead (brotli or gzip), as is. */
  function sendPrecompressed(req, res, common, variant) {
    res.writeHead(200, {
      ...common,
      'content-encoding': variant.encoding,
      'content-length': variant.size,
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(variant.path).pipe(res);
  }

  return http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const prefix = Object.keys(routes).find((p) => pathname === p || pathname.startsWith(`${p}/`));
    if (prefix) {
      const replicas = [routes[prefix]].flat().length;
      return forward(req, res, () => targetOf(prefix), replicas, trustProxyHops);
    }
    for (const [name, value] of Object.entries(COMMON_HEADERS)) res.setHeader(name, value);

    if (req.method === 'OPTIONS' && cors) {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
      });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return res.end();
    }
    if (json[pathname]) {
      return Promise.resolve()
        .then(() => json[pathname](req))
        .then(
          (value) => {
            res.writeHead(200, {
              'content-type': CONTENT_TYPES['.json'],
              'cache-control': 'no-cache',
              ...headers,
            });
            res.end(JSON.stringify(value));
          },
          (error) => {
            console.error(`${pathname} failed:`, error);
            if (!res.headersSent) res.writeHead(500, { 'cache-control': 'no-store' });
            res.end();
          },
        );
    }

    let decoded;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      res.writeHead(400);
      return res.end();
    }
    const mount = Object.keys(mounts).find((p) => decoded.startsWith(`${p}/`));
    const base = mount ? mounts[mount] : root;
    const filePath = path.join(base, path.normalize(mount ? decoded.slice(mount.length) : decoded));
    if (!filePath.startsWith(base + path.sep) && filePath !== base) {
      res.writeHead(403);
      return res.end();
    }
    // Dot files and folders are the build's own (a stamp, the shell's render bundle): never served.
    if (decoded.split('/').some((segment) => segment.startsWith('.'))) return notFound(res);
    if (!sourceMaps && decoded.endsWith('.map')) return notFound(res, cors);
    if (existsSync(filePath) && statSync(filePath).isFile()) return send(req, res, filePath);
    const folderIndex = path.join(filePath, 'index.html');
    if (!mount && existsSync(folderIndex) && statSync(folderIndex).isFile()) {
      return send(req, res, folderIndex);
    }
    // A path of the app, or any other a browser opens as a page (/products.html): the app's page
    // (its 404 page for a path it does not have), not a bare "Not found".
    const opensAsPage = !path.extname(decoded) || (req.headers.accept ?? '').includes('text/html');
    if (spa && !mount && opensAsPage) {
      if (spa === true) return send(req, res, indexFile);
      const { file, status } = spa(decoded);
      return send(req, res, path.join(root, file), status);
    }
    return notFound(res, cors);
  });
}

/** A 404; a remote's says so to the page that asked (CORS), so a missing file reads as missing. */
function notFound(res, cors = false) {
  res.writeHead(404, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...(cors ? { 'access-control-allow-origin': '*' } : {}),
  });
  res.end('Not found');
}

/** Listens, and turns a taken port into one clear line naming the variable that changes it. */
export function listen(server, { port, host = '127.0.0.1', portVariable, name }) {
  return new Promise((resolve) => {
    server.once('error', (error) => {
      if (error.code === 'EADDRINUSE') {
        console.error(`${name}: port ${port} is in use; set ${portVariable} to another port.`);
        process.exit(1);
      }
      throw error;
    });
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * How long a stopping server waits for the answers under way: the API's own grace (api/src/server.ts),
 * so a checkout forwarded while a release restarts the shell is answered, its card charge included.
 */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops on SIGINT/SIGTERM once the answers under way are sent: it takes no new connection, and each
 * kept-alive one is closed as soon as it is idle (at once, or after its answer); past the grace it
 * stops anyway.
 */
export function stopOnSignals(server, { graceMs = SHUTDOWN_GRACE_MS } = {}) {
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    setTimeout(() => process.exit(0), graceMs).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
