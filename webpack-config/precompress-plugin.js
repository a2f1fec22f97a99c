// Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of a production build, so the
// static servers send compressed files without compressing on each request (and brotli at its best
// level, which is too slow to do per request). Source maps are left to on-the-fly gzip: only developers
// fetch them. Runs after the real content hashes are in the files (OPTIMIZE_TRANSFER), or the
// copies would name chunks by hashes that no longer exist.
// The servers refuse a copy older than its file (scripts/lib/precompressed.mjs), and webpack writes a
// build's files all at once, in no order: so once they are written, each copy takes its file's time.
const path = require('node:path');
const zlib = require('node:zlib');

const COMPRESSIBLE = /\.(?:js|mjs|json|html|css|svg|webmanifest|txt)$/;
// Below this, the headers cost more than compression saves.
const MIN_BYTES = 512;

class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    /** Each copy's name and its file's, for the times set after the build is written. */
    const copies = new Map();
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          copies.clear();
          for (const [name, source] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const buffer = source.buffer();
            if (buffer.length < MIN_BYTES) continue;
            const info = compilation.assetsInfo.get(name) ?? {};
            const related = { immutable: info.immutable, compressed: true };
            copies.set(`${name}.br`, name).set(`${name}.gz`, name);
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
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const fs = compiler.outputFileSystem;
      const stat = (file) =>
        new Promise((resolve, reject) =>
          fs.stat(file, (error, stats) => (error ? reject(error) : resolve(stats))),
        );
      const at = (name) => path.join(compilation.outputOptions.path, name);
      await Promise.all(
        [...copies].map(async ([copy, name]) => {
          // In seconds, to the microsecond (a Date would round the time down to the millisecond).
          const { atimeMs, mtimeMs } = await stat(at(name));
          await new Promise((resolve, reject) =>
            fs.utimes(at(copy), atimeMs / 1000, mtimeMs / 1000, (error) =>
              error ? reject(error) : resolve(),
            ),
          );
        }),
      );
    });
  }
}

module.exports = { PrecompressPlugin };
