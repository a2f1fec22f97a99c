// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './test-build.mjs';

const require = createRequire(import.meta.url);
const acorn = require('acorn');
const { containerLibrary, minimizers } = require('./index.js');

/** The names a script declares at its top level: globals of the page it runs on. */
function topLevelNames(source) {
  const names = [];
  for (const statement of acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'script' })
    .body) {
    if (statement.type === 'VariableDeclaration')
      names.push(...statement.declarations.map((d) => d.id.name));
    else if (statement.id) names.push(statement.id.name);
  }
  return names;
}

// Two scripts, each with a class that es2020 lacks the syntax for (private fields and methods, as
// react-query's observers and Radix's collection have): esbuild lowers them with helpers of its own.
const SOURCES = {
  'observer.js': `
    export class Observer {
      #listeners = new Set();
      #notify() { return this.#listeners.size; }
      subscribe(listener) { this.#listeners.add(listener); return this.#notify(); }
    }
    globalThis.observerCount = () => new Observer().subscribe(() => {});
  `,
  'collection.js': `
    export class Collection {
      #keys = [];
      add(key) { this.#keys.push(key); return this.#keys.length; }
      static #count = 0;
      static made() { return ++Collection.#count; }
    }
    globalThis.collectionSize = () => { Collection.made(); return new Collection().add('a'); };
  `,
  'container.js': `
    export class Store { #items = []; add(x) { this.#items.push(x); return this.#items.length; } }
  `,
};

let outDir;
let remove;

beforeAll(async () => {
  ({ outDir, remove } = await buildApp(SOURCES, {
    devtool: false,
    entry: {
      observer: './observer.js',
      collection: './collection.js',
      // A container's entry, named on the page as the apps' containers are.
      remoteEntry: { import: './container.js', library: containerLibrary('demo') },
    },
    output: { filename: '[name].js' },
    optimization: { minimizer: minimizers() },
  }));
});

afterAll(() => remove());

describe("the apps' minifiers", () => {
  it('lower private class members without declaring anything on the page', () => {
    for (const file of ['observer.js', 'collection.js']) {
      const source = readFileSync(path.join(outDir, file), 'utf8');
      // The helpers are there (the syntax was lowered), but inside the file's own function.
      expect(source, file).not.toMatch(/#listeners|#keys/);
      expect(topLevelNames(source), file).toEqual([]);
    }
  });

  it("keep a container's entry declaring nothing but still naming its container", () => {
    const source = readFileSync(path.join(outDir, 'remoteEntry.js'), 'utf8');
    expect(source).not.toMatch(/#items/);
    expect(topLevelNames(source)).toEqual([]);
  });

  it('give scripts that run one after the other on one page their own helpers', () => {
    const page = vm.createContext({});
    page.self = page;
    for (const file of readdirSync(outDir).filter((f) => f.endsWith('.js')))
      vm.runInContext(readFileSync(path.join(outDir, file), 'utf8'), page);
    expect(vm.runInContext('observerCount()', page)).toBe(1);
    expect(vm.runInContext('collectionSize()', page)).toBe(1);
    expect(vm.runInContext('new demo.Store().add(1)', page)).toBe(1);
  });
});
