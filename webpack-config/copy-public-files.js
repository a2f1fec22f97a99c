// Emits every file under an app's public/ folder at the same path in its build (the shell's web app
// manifest and icons, the configurator's literature PDFs), so the app's own server serves them.
const fs = require('node:fs');
const path = require('node:path');

class CopyPublicFiles {
  /** @param {string} publicDir the app's public/ folder; missing means nothing to copy */
  constructor(publicDir) {
    this.publicDir = publicDir;
  }

  apply(compiler) {
    const { publicDir } = this;
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CopyPublicFiles', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicFiles', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(publicDir)) return;
          compilation.contextDependencies.add(publicDir);
          for (const file of fs.readdirSync(publicDir, { recursive: true })) {
            const absolute = path.join(publicDir, file);
            if (!fs.statSync(absolute).isFile()) continue;
            compilation.fileDependencies.add(absolute);
            compilation.emitAsset(
              file.split(path.sep).join('/'),
              new sources.RawSource(fs.readFileSync(absolute)),
            );
          }
        },
      );
    });
  }
}

module.exports = { CopyPublicFiles };
