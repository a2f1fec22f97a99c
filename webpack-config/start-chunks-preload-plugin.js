// Lists, in the host page's <head>, the scripts the page's first render needs beyond main.js, as
// <link rel="preload" as="script">: the browser fetches them while main.js downloads, instead of
// main.js asking for them once it runs (a request chain one step shorter; docs/design.md section 10).
// They are the chunks of the entry's async boundary (`import('./bootstrap')`) and, for each shared
// library that boundary consumes, the chunk the host provides it from. Nothing else: a page that
// needs more loads it as usual, and nothing is fetched that the first render does not use. They are
// fetched at low priority, as main.js itself (a deferred script) is. With `remotePage`, it also lists
// what the host's first remote page needs beyond them (its query cache: the store module and
// react-query), which the page server preloads on a remote's routes (shell/scripts/remote-hints.mjs).
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { Compilation, sources } = require('webpack');

/** Where the files a remote's page needs are listed, under the folder the page server never serves. */
const REMOTE_PAGE_FILES = '.server/remote-page-files.json';

// @module-federation/enhanced's sharing modules, known by their module type (its package exports no
// path to their classes).
const isProvided = (module) => module.type === 'provide-module';
const isConsumed = (module) => module.type === 'consume-shared-module';

class StartChunksPreloadPlugin {
  /**
   * @param {{ entry?: string, remotePage?: string }} options `remotePage`: the module (a path ending)
   *   the host imports when it first shows a remote's page; the files it needs beyond the start files
   *   are written to `.server/remote-page-files.json` for the page server to preload on those routes.
   */
  constructor({ entry = 'main', remotePage } = {}) {
    this.entry = entry;
    this.remotePage = remotePage;
  }

  /**
   * The files, relative to the output folder, of the chunk groups `groups` and of the host's provided
   * shared libraries they consume, in the order webpack would ask for them; chunks of the entry are
   * left out (they are loaded already).
   */
  static filesOf(compilation, entryName, groups) {
    const { chunkGraph } = compilation;
    const entrypoint = compilation.entrypoints.get(entryName);
    if (!entrypoint) return [];
    const entryChunks = new Set(entrypoint.chunks);
    const providers = new Map();
    for (const chunk of entryChunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (isProvided(module)) providers.set(module._name, module);
      }
    }
    const inEntry = (module) => [...entryChunks].some((c) => chunkGraph.isModuleInChunk(module, c));
    const files = [];
    const seen = new Set();
    const queue = [...groups];
    while (queue.length > 0) {
      const group = queue.shift();
      if (!group || seen.has(group)) continue;
      seen.add(group);
      for (const chunk of group.chunks) {
        if (entryChunks.has(chunk)) continue;
        const modules = [...chunkGraph.getChunkModulesIterable(chunk)];
        // A chunk the entry already holds in full is never asked for (webpack skips it too).
        if (modules.every(inEntry)) continue;
        for (const file of chunk.files) if (file.endsWith('.js')) files.push(file);
        // A shared library used here (react-dom uses react) comes from the host's provided copy.
        for (const module of modules) {
          if (!isConsumed(module)) continue;
          const provider = providers.get(module.options.shareKey);
          if (provider?.blocks[0]) queue.push(chunkGraph.getBlockChunkGroup(provider.blocks[0]));
        }
      }
    }
    return [...new Set(files)];
  }

  /** The files of the entry's async boundary (`import('./bootstrap')`): the first render's. */
  static startFiles(compilation, entryName) {
    const entrypoint = compilation.entrypoints.get(entryName);
    if (!entrypoint) return [];
    // The async boundary: a child of the entry that no provided library opened.
    const boundaries = entrypoint
      .getChildren()
      .filter((group) => !group.origins.some((o) => o.module && isProvided(o.module)));
    return StartChunksPreloadPlugin.filesOf(compilation, entryName, boundaries);
  }

  /** The files the module at `resourceEnd` needs beyond the start files, or [] without it. */
  static remotePageFiles(compilation, entryName, resourceEnd) {
    const module = [...compilation.modules].find((m) => m.resource?.endsWith(resourceEnd));
    if (!module) return [];
    const groups = [...compilation.chunkGraph.getModuleChunks(module)].flatMap((chunk) => [
      ...chunk.groupsIterable,
    ]);
    const start = new Set(StartChunksPreloadPlugin.startFiles(compilation, entryName));
    return StartChunksPreloadPlugin.filesOf(compilation, entryName, groups).filter(
      (file) => !start.has(file),
    );
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('StartChunksPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'StartChunksPreloadPlugin',
        (data) => {
          const publicPath = compilation.outputOptions.publicPath;
          const base = typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : '';
          const links = StartChunksPreloadPlugin.startFiles(compilation, this.entry).map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              // The priority main.js has as a deferred script: the preloads shorten the request
              // chain, they do not hold back the first paint of a prerendered page (at the default
              // High, Lighthouse counts every preloaded script as render-blocking).
              fetchpriority: 'low',
              href: `${base}${file}`,
            }),
          );
          data.headTags.push(...links);
          return data;
        },
      );
    });
    if (!this.remotePage) return;
    // The main compilation only: child compilations (the HTML, the service worker) have no such page.
    compiler.hooks.thisCompilation.tap('StartChunksPreloadPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'StartChunksPreloadPlugin',
          stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE,
        },
        () => {
          const files = StartChunksPreloadPlugin.remotePageFiles(
            compilation,
            this.entry,
            this.remotePage,
          );
          compilation.emitAsset(
            REMOTE_PAGE_FILES,
            new sources.RawSource(JSON.stringify(files, null, 2)),
          );
        },
      );
    });
  }
}

module.exports = { StartChunksPreloadPlugin, REMOTE_PAGE_FILES };
