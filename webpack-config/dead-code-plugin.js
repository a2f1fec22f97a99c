// Removes the code a chunk never runs, before the minifier (esbuild, `minimizers` in index.js) shrinks
// what is left. webpack marks a module's unused exports but leaves their code in the module's
// function, and esbuild only drops unused code at a file's top level, which a webpack chunk has none
// of: the federation runtime's unused handlers, the kit's components an app never draws (a barrel
// module's styled components) and the router's unused parts all stayed. terser's compressor (webpack's
// own default minimizer) drops unused functions and side-effect-free declarations inside functions.
// It only compresses here; esbuild then lowers the syntax, wraps the chunk and minifies as before.
// Source maps are chained through both steps. docs/design.md section 10 has the figures.
const { minify } = require('terser');
const { Compilation, sources } = require('webpack');

class DeadCodePlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('DeadCodePlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // Just before the minimizers' stage, so the minimizer sees the smaller code.
        { name: 'DeadCodePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE - 1 },
        async (assets) => {
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.js')) continue;
            const asset = compilation.getAsset(name);
            if (!asset || asset.info.minimized) continue;
            const { source, map } = asset.source.sourceAndMap();
            const code = source.toString();
            const result = await minify(code, {
              ecma: 2022,
              compress: { passes: 2 },
              mangle: false,
              // License comments (@license, /*!) stay; esbuild places them as before.
              format: { beautify: false, comments: 'some' },
              sourceMap: map ? { content: map, asObject: true } : false,
            });
            compilation.updateAsset(
              name,
              map
                ? new sources.SourceMapSource(result.code, name, result.map, code, map, true)
                : new sources.RawSource(result.code),
            );
          }
        },
      );
    });
  }
}

module.exports = { DeadCodePlugin };
