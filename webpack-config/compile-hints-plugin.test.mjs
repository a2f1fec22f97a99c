// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './test-build.mjs';

const require = createRequire(import.meta.url);
const { minimizers } = require('./index.js');
const { CompileHintsPlugin, MAGIC_COMMENT } = require('./compile-hints-plugin.js');

let outDir;
let remove;

beforeAll(async () => {
  ({ outDir, remove } = await buildApp(
    {
      'entry.js': `/* a comment the minifier drops */
        export function greet(name) { return 'Hello, ' + name; }
        globalThis.greeting = greet('shop');
        globalThis.drawLater = () => import('./symbologies.js');`,
      // A chunk of a library most of which a page never runs, as bwip-js is.
      'symbologies.js': 'export const code128 = () => 128;',
    },
    {
      devtool: 'source-map',
      entry: { main: './entry.js' },
      output: {
        filename: '[name].[contenthash:8].js',
        chunkFilename: 'lazy.[contenthash:8].js',
        publicPath: '/',
      },
      optimization: { minimizer: minimizers() },
      plugins: [new CompileHintsPlugin({ except: [/symbologies\.js$/] })],
    },
  ));
});

afterAll(() => remove());

describe('the compile hint', () => {
  const script = (prefix = 'main.') =>
    readdirSync(outDir).find((f) => f.startsWith(prefix) && f.endsWith('.js'));

  it('opens the minified script, which still runs', () => {
    const source = readFileSync(path.join(outDir, script()), 'utf8');
    expect(source.startsWith(MAGIC_COMMENT)).toBe(true);
    expect(source).not.toContain('a comment the minifier drops');
    const page = vm.createContext({});
    page.self = page;
    vm.runInContext(source, page);
    expect(vm.runInContext('greeting', page)).toBe('Hello, shop');
  });

  it('moves the source map down a line with the code', () => {
    const map = JSON.parse(readFileSync(path.join(outDir, `${script()}.map`), 'utf8'));
    // Line 1 (the hint) maps to nothing; the code's mappings start on line 2.
    expect(map.mappings.startsWith(';')).toBe(true);
    expect(map.mappings.startsWith(';;')).toBe(false);
  });

  it('is left out of a chunk of an excepted module', () => {
    const source = readFileSync(path.join(outDir, script('lazy.')), 'utf8');
    expect(source).toContain('128');
    expect(source).not.toContain('allFunctionsCalledOnLoad');
  });
});
