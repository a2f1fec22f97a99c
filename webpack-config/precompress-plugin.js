// Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of a production build, so the
// static servers send compressed files without compressing on each request (and brotli at its best
// level, which is too slow to do per request). Source maps are left to on-the-fly gzip: only developers
// fetch them. Runs after the real content hashes are in the files (OPTIMIZE_TRANSFER), or the
// copies would name chunks by hashes that no longer exist.
const zlib = require('node:zlib');

const COMPRESSIBLE = /\.(?:js|mjs|json|html|css|svg|webmanifest|txt)$/;
// Below this, the headers cost more than compression saves.
const MIN_BYTES = 512;

class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const buffer = source.buffer();
            if (buffer.length < MIN_BYTES) continue;
            const info = compilation.assetsInfo.get(name) ?? {};
            const related = { immutable: info.immutable, compressed: true };
            compilation.emitAsset(
              `${name}.br`,
              new sources.RawSource(
                zlib.brotliCompressSync(buffer, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
                  },
                }),
              ),
              related,
            );
            compilation.emitAsset(
              `${name}.gz`,
              new sources.RawSource(zlib.gzipSync(buffer, { level: 9 })),
              related,
            );
          }
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
