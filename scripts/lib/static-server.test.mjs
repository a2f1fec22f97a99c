import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
