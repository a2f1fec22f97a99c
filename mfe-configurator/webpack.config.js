const fs = require('node:fs');
const path = require('node:path');
const { createRemoteConfig } = require('@shop/webpack-config');

const publicDir = path.join(__dirname, 'public');

/**
 * Emits every file under public/ (the literature PDFs) at the same path in the build, so the remote's
 * own server serves them from its origin (the page links them through webpack's public path).
 */
class CopyPublicFiles {
  apply(compiler) {
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

module.exports = (_env, argv) => {
  const config = createRemoteConfig({
    appDir: __dirname,
    name: 'configurator',
    title: 'Label configurator',
    mode: argv.mode ?? 'production',
    exposes: {
      './ConfiguratorPage': './src/app/configurator-page.tsx',
    },
  });
  return { ...config, plugins: [...config.plugins, new CopyPublicFiles()] };
};
