// Puts V8's explicit compile hint, the magic comment `//# allFunctionsCalledOnLoad`, at the top of
// every script of a production build. Chrome (136 and later) then compiles the file's functions while
// the file downloads, on a background thread, instead of compiling each one on the page's main thread
// the first time it runs: the shop's scripts are the code a page runs as it starts (its chunks load
// when a route needs them), so that work leaves the tasks that block the page (docs/design.md
// section 10, "Compile hints"). Other browsers read a comment. Added after the minifier, which drops
// comments, and before the content hashes and the compressed copies are made.
const MAGIC_COMMENT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'CompileHintsPlugin',
          stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
        },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.js')) continue;
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
