// Puts V8's explicit compile hint, the magic comment `//# allFunctionsCalledOnLoad`, at the top of
// the scripts of a production build. Chrome (136 and later) then compiles the file's functions while
// the file downloads, on a background thread, instead of compiling each one on the page's main thread
// the first time it runs: the shop's chunks are code a page runs as it starts (each loads when a route
// needs it), so that work leaves the tasks that block the page (docs/design.md section 10, "Compile
// hints"). Other browsers read a comment. Added after the minifier, which drops comments, and before
// the content hashes, the source maps and the compressed copies are made.
//
// `except`: chunks holding a module of these paths keep V8's lazy compiling. A library of which a page
// runs a small part (bwip-js: every barcode symbology, a label draws one) would have all of it
// compiled.
const MAGIC_COMMENT = '//# allFunctionsCalledOnLoad\n';

/** The files of modules that a module stands for (a concatenated module holds several). */
function moduleFiles(module) {
  const inner = module.modules ? [...module.modules] : [module];
  return inner.map((m) => m.nameForCondition?.() ?? '').filter(Boolean);
}

class CompileHintsPlugin {
  constructor({ except = [] } = {}) {
    this.except = except;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'CompileHintsPlugin',
          stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
        },
        (assets) => {
          const lazy = new Set();
          for (const chunk of compilation.chunks) {
            const modules = compilation.chunkGraph.getChunkModulesIterable(chunk);
            const excepted = [...modules].some((module) =>
              moduleFiles(module).some((file) => this.except.some((pattern) => pattern.test(file))),
            );
            if (excepted) for (const file of chunk.files) lazy.add(file);
          }
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.js') || lazy.has(name)) continue;
            compilation.updateAsset(
              name,
              (source) => new sources.ConcatSource(MAGIC_COMMENT, source),
            );
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, MAGIC_COMMENT };
