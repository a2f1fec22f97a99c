// Lists, in the host page's <head>, the scripts the page's first render needs beyond main.js, as
// <link rel="preload" as="script">: the browser fetches them while main.js downloads, instead of
// main.js asking for them once it runs (a request chain one step shorter; docs/design.md section 10).
// They are the chunks of the entry's async boundary (`import('./bootstrap')`) and, for each shared
// library that boundary consumes, the chunk the host provides it from. Nothing else: a page that
// needs more loads it as usual, and nothing is fetched that the first render does not use. They are
// fetched at low priority, as main.js itself (a deferred script) is.
const HtmlWebpackPlugin = require('html-webpack-plugin');

// @module-federation/enhanced's sharing modules, known by their module type (its package exports no
// path to their classes).
const isProvided = (module) => module.type === 'provide-module';
const isConsumed = (module) => module.type === 'consume-shared-module';

class StartChunksPreloadPlugin {
  constructor({ entry = 'main' } = {}) {
    this.entry = entry;
  }

  /** The files, relative to the output folder, in the order webpack would ask for them. */
  static startFiles(compilation, entryName) {
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
    // The async boundary: a child of the entry that no provided library opened.
    const boundaries = entrypoint
      .getChildren()
      .filter((group) => !group.origins.some((o) => o.module && isProvided(o.module)));
    const inEntry = (module) => [...entryChunks].some((c) => chunkGraph.isModuleInChunk(module, c));
    const files = [];
    const seen = new Set();
    const queue = [...boundaries];
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
  }
}

module.exports = { StartChunksPreloadPlugin };
