import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './install.mjs';
import { createStaticServer } from './static-server.mjs';

// What a build folder holds: a hashed chunk with the brotli and gzip copies the build writes
// (webpack-config/precompress-plugin.js), and an entry named the same in every deployment.
const chunk = `console.log(${JSON.stringify('label '.repeat(400))});`;
const entry = `var remote = ${JSON.stringify('entry '.repeat(400))};`;
let dir;
let server;
let origin;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
  writeFileSync(path.join(dir, 'main.1a2b3c4d.js'), chunk);
  writeFileSync(path.join(dir, 'main.1a2b3c4d.js.br'), zlib.brotliCompressSync(chunk));
  writeFileSync(path.join(dir, 'main.1a2b3c4d.js.gz'), zlib.gzipSync(chunk));
  writeFileSync(path.join(dir, 'remoteEntry.js'), entry);
  writeFileSync(path.join(dir, 'remoteEntry.js.br'), 'a copy from an earlier build');
  // The brotli copy is older than its file: a rebuild wrote the file and not the copy.
  const past = new Date(Date.now() - 60_000);
  utimesSync(path.join(dir, 'remoteEntry.js.br'), past, past);
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shop</title>');
  server = createStaticServer({ root: dir, spa: true, cors: true });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** fetch() would decode the body; the raw bytes and headers are what is checked here. */
async function get(pathname, headers = {}) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(`${origin}${pathname}`, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('the static servers', () => {
  it('send a hashed file as the build compressed it, brotli first, cached for a year as immutable', async () => {
    const brotli = await get('/main.1a2b3c4d.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(chunk);

    const gzip = await get('/main.1a2b3c4d.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(chunk);

    const plain = await get('/main.1a2b3c4d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(chunk);
  });

  it('send an entry no-cache with a validator, never a compressed copy older than the file', async () => {
    const first = await get('/remoteEntry.js', { 'accept-encoding': 'br, gzip' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(first.body).toString()).toBe(entry);

    const again = await get('/remoteEntry.js', { 'if-none-match': first.headers.etag });
    expect(again.status).toBe(304);
  });

  it('send the page no-cache for any route', async () => {
    const page = await get('/products');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.toString()).toContain('<title>shop</title>');
  });
});

describe('source maps', () => {
  /** A remote's server (scripts/lib/remote-server.mjs) over a build with a source map, in `env`. */
  async function remoteServing(env) {
    const { spawn } = await import('node:child_process');
    const { freePort } = await import('./ports.mjs');
    const appDir = mkdtempSync(path.join(os.tmpdir(), 'remote-maps-'));
    mkdirSync(path.join(appDir, 'dist'));
    writeFileSync(path.join(appDir, 'dist/main.1a2b3c4d.js'), chunk);
    writeFileSync(path.join(appDir, 'dist/main.1a2b3c4d.js.map'), '{"version":3,"sources":[]}');
    writeFileSync(path.join(appDir, 'dist/index.html'), '<!doctype html><title>remote</title>');
    const port = await freePort();
    const script = `
      const { serveRemote } = await import(${JSON.stringify(pathToFileURL(path.join(root, 'scripts/lib/remote-server.mjs')).href)});
      await serveRemote({ appDir: ${JSON.stringify(appDir)}, name: 'remote', portVariable: 'REMOTE_TEST_PORT', defaultPort: ${port} });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, ...env, RELEASE_STORE_DIR: appDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const status = async (pathname) => (await fetch(`http://127.0.0.1:${port}${pathname}`)).status;
    return {
      status,
      close: () => {
        child.kill('SIGKILL');
        rmSync(appDir, { recursive: true, force: true });
      },
    };
  }

  it('in production, a remote answers its build files but not their source maps (404); in development it serves them', async () => {
    const production = await remoteServing({ NODE_ENV: 'production' });
    try {
      expect(await production.status('/main.1a2b3c4d.js')).toBe(200);
      expect(await production.status('/main.1a2b3c4d.js.map')).toBe(404);
    } finally {
      production.close();
    }
    const development = await remoteServing({ NODE_ENV: 'development' });
    try {
      expect(await development.status('/main.1a2b3c4d.js.map')).toBe(200);
    } finally {
      development.close();
    }
  }, 20_000);

  it('a server told not to serve them answers 404 for a map, as it would for a missing file', async () => {
    writeFileSync(path.join(dir, 'main.1a2b3c4d.js.map'), '{"version":3,"sources":[]}');
    const quiet = createStaticServer({ root: dir, spa: true, cors: true, sourceMaps: false });
    await new Promise((resolve) => quiet.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${quiet.address().port}/main.1a2b3c4d.js.map`, {
        headers: { accept: 'text/html' },
      });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect((await get('/main.1a2b3c4d.js.map')).status).toBe(200);
    } finally {
      await new Promise((resolve) => quiet.close(resolve));
    }
  });
});

describe('a server stopped (SIGTERM)', () => {
  it('answers the request it was forwarding first, even one taking longer than a few seconds (a card being charged), then exits', async () => {
    const http = await import('node:http');
    const { spawn } = await import('node:child_process');
    // The API takes 4 s to answer (a slow charge).
    const api = http.createServer((_req, res) =>
      setTimeout(() => res.end(JSON.stringify({ paid: true })), 4_000),
    );
    await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
    const script = `
      const { createStaticServer, stopOnSignals } = await import(${JSON.stringify(pathToFileURL(path.join(root, 'scripts/lib/static-server.mjs')).href)});
      const server = createStaticServer({ root: ${JSON.stringify(dir)}, forward: { '/api': ['http://127.0.0.1:${api.address().port}'] } });
      server.listen(0, '127.0.0.1', () => console.log(server.address().port));
      stopOnSignals(server);`;
    const shell = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const port = await new Promise((resolve) =>
        shell.stdout.once('data', (d) => resolve(String(d).trim())),
      );
      const exited = new Promise((resolve) => shell.once('exit', (code) => resolve(code)));
      const answer = fetch(`http://127.0.0.1:${port}/api/orders/1/payment`, { method: 'POST' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      shell.kill('SIGTERM');
      const response = await answer;
      expect([response.status, await response.json()]).toEqual([200, { paid: true }]);
      expect(await exited).toBe(0);
    } finally {
      shell.kill('SIGKILL');
      await new Promise((resolve) => api.close(resolve));
    }
  }, 15_000);
});

describe('forwarding to API replicas', () => {
  it('when one replica is down (restarting, refused), then each request, a POST with its body too, is answered by the next replica, not a 502', async () => {
    const http = await import('node:http');
    const { freePort } = await import('./ports.mjs');
    const live = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString() }));
      });
    });
    await new Promise((resolve) => live.listen(0, '127.0.0.1', resolve));
    const down = `http://127.0.0.1:${await freePort()}`;
    const shell = createStaticServer({
      root: dir,
      forward: { '/api': [down, `http://127.0.0.1:${live.address().port}`] },
    });
    await new Promise((resolve) => shell.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${shell.address().port}/api/orders`;
    try {
      const answers = [];
      for (let turn = 0; turn < 4; turn += 1) {
        const response =
          turn % 2
            ? await fetch(at, { method: 'POST', body: `{"turn":${turn}}` })
            : await fetch(at);
        answers.push([response.status, await response.json()]);
      }
      expect(answers).toEqual([
        [200, { method: 'GET', body: '' }],
        [200, { method: 'POST', body: '{"turn":1}' }],
        [200, { method: 'GET', body: '' }],
        [200, { method: 'POST', body: '{"turn":3}' }],
      ]);
    } finally {
      await new Promise((resolve) => shell.close(resolve));
      await new Promise((resolve) => live.close(resolve));
    }
  });

  it('when the API closes a kept-alive connection as a GET is sent on it (a replica shutting down), then the GET is sent again on a new connection, not answered 502; a POST is never sent twice', async () => {
    const http = await import('node:http');
    // Answers the first request on each connection and drops the connection under any later one,
    // unanswered: what the shell meets when a replica closes its idle connections while stopping.
    const received = [];
    const api = http.createServer((req, res) => {
      req.socket.requests = (req.socket.requests ?? 0) + 1;
      received.push(req.method);
      if (req.socket.requests > 1) return req.socket.destroy();
      req.resume();
      req.on('end', () => res.end(JSON.stringify({ method: req.method })));
    });
    await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
    const shell = createStaticServer({
      root: dir,
      forward: { '/api': `http://127.0.0.1:${api.address().port}` },
    });
    await new Promise((resolve) => shell.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${shell.address().port}/api/orders`;
    try {
      const first = await fetch(at);
      expect([first.status, await first.json()]).toEqual([200, { method: 'GET' }]);
      const again = await fetch(at);
      expect([again.status, await again.json()]).toEqual([200, { method: 'GET' }]);
      // The POST may have been taken: the shell cannot know, so it answers 502 and sends it once.
      const posted = await fetch(at, { method: 'POST', body: '{}' });
      expect(posted.status).toBe(502);
      expect(received.filter((method) => method === 'POST')).toHaveLength(1);
    } finally {
      await new Promise((resolve) => shell.close(resolve));
      await new Promise((resolve) => api.close(resolve));
    }
  });

  it('when every replica is down, then the answer is a 502 in the API error format with Retry-After and the common headers', async () => {
    const { freePort } = await import('./ports.mjs');
    const shell = createStaticServer({
      root: dir,
      forward: { '/api': [`http://127.0.0.1:${await freePort()}`] },
    });
    await new Promise((resolve) => shell.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${shell.address().port}/api/health`);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        message: 'The shop service is not reachable right now. Please try again shortly.',
      });
      expect(response.headers.get('retry-after')).toBe('2');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
    } finally {
      await new Promise((resolve) => shell.close(resolve));
    }
  });

  it("passes on the host the browser asked for: Host, or with a proxy in front (TRUST_PROXY_HOPS) that proxy's X-Forwarded-Host", async () => {
    const http = await import('node:http');
    const api = http.createServer((req, res) => res.end(req.headers['x-forwarded-host']));
    await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
    const hostSeen = async (trustProxyHops) => {
      const shell = createStaticServer({
        root: dir,
        forward: { '/api': `http://127.0.0.1:${api.address().port}` },
        trustProxyHops,
      });
      await new Promise((resolve) => shell.listen(0, '127.0.0.1', resolve));
      const { port } = shell.address();
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
        headers: { 'x-forwarded-host': 'shop.example.com' },
      });
      await new Promise((resolve) => shell.close(resolve));
      return [await response.text(), port];
    };
    try {
      const [direct, port] = await hostSeen(0);
      expect(direct).toBe(`127.0.0.1:${port}`);
      expect((await hostSeen(1))[0]).toBe('shop.example.com');
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });

  it('never forwards to a host the request line names (absolute form, or //host): only to the API, the path and query kept', async () => {
    const http = await import('node:http');
    const net = await import('node:net');
    const seen = (name) => http.createServer((req, res) => res.end(`${name} ${req.url}`));
    const api = seen('api');
    const internal = seen('internal');
    for (const server of [api, internal])
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const shell = createStaticServer({
      root: dir,
      forward: { '/api': `http://127.0.0.1:${api.address().port}` },
    });
    await new Promise((resolve) => shell.listen(0, '127.0.0.1', resolve));
    // fetch() cannot send such a request line; a plain socket can.
    const answerTo = (target) =>
      new Promise((resolve, reject) => {
        const socket = net.connect(shell.address().port, '127.0.0.1', () =>
          socket.write(`GET ${target} HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (chunk) => (text += chunk));
        socket.on('end', () => resolve(text.slice(text.indexOf('\r\n\r\n') + 4)));
        socket.on('error', reject);
      });
    const elsewhere = `127.0.0.1:${internal.address().port}`;
    try {
      expect(await answerTo(`http://${elsewhere}/api/admin?x=1`)).toBe('api /api/admin?x=1');
      expect(await answerTo(`//${elsewhere}/api/admin?x=1`)).toBe('api /api/admin?x=1');
    } finally {
      for (const server of [shell, api, internal])
        await new Promise((resolve) => server.close(resolve));
    }
  });
});
