// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressedVariant } from '../scripts/lib/precompressed.mjs';
import { buildApp } from './test-build.mjs';

const require = createRequire(import.meta.url);
const { PrecompressPlugin } = require('./precompress-plugin.js');

let outDir;
let remove;

// Chunks big enough to be compressed (the plugin skips files under 512 bytes), written at once.
const chunk = (n) => `export const words${n} = ${JSON.stringify(`label ${n} `.repeat(2000))};`;
beforeAll(async () => {
  ({ outDir, remove } = await buildApp(
    {
      'entry.js': `globalThis.parts = [1, 2, 3, 4, 5, 6].map((n) => import('./part' + n + '.js'));`,
      ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`part${n}.js`, chunk(n)])),
    },
    {
      entry: { main: './entry.js' },
      output: { filename: '[name].[contenthash:8].js', chunkFilename: '[id].[contenthash:8].js' },
      plugins: [new PrecompressPlugin()],
    },
  ));
});

afterAll(() => remove());

describe('the compressed copies of a build', () => {
  const scripts = () => readdirSync(outDir).filter((f) => f.endsWith('.js'));

  it('hold the file, in brotli and in gzip', () => {
    expect(scripts().length).toBeGreaterThan(6);
    for (const file of scripts()) {
      const source = readFileSync(path.join(outDir, file));
      expect(zlib.brotliDecompressSync(readFileSync(path.join(outDir, `${file}.br`)))).toEqual(
        source,
      );
      expect(zlib.gunzipSync(readFileSync(path.join(outDir, `${file}.gz`)))).toEqual(source);
    }
  });

  it("carry their file's time, so the servers send them whichever was written first", () => {
    for (const file of scripts()) {
      const at = path.join(outDir, file);
      // The same time, to the 10 microseconds that the file system's times keep through a double.
      for (const copy of [`${at}.br`, `${at}.gz`])
        expect(Math.abs(statSync(copy).mtimeMs - statSync(at).mtimeMs)).toBeLessThan(0.01);
      expect(precompressedVariant(at, 'gzip, deflate, br')?.encoding).toBe('br');
    }
  });
});
