const fs = require('node:fs');
const path = require('node:path');
const { InjectManifest } = require('workbox-webpack-plugin');
const { createHostConfig, createStoreContainerConfig } = require('@shop/webpack-config');

const publicDir = path.join(__dirname, 'public');

/** Emits every file under public/ (web app manifest, icons) at the same path in the build. */
class CopyPublicFiles {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CopyPublicFiles', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicFiles', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
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

// Two builds: the store container (`shell/store`, the one federated store, served at /store/) and the
// host page, which consumes the store through its federated path like every remote does. The host also
// ships the web app manifest, its icons and the service worker (/sw.js).
module.exports = (_env, argv) => {
  const mode = argv.mode ?? 'production';
  const host = createHostConfig({
    appDir: __dirname,
    name: 'shell_host',
    title: 'Custom Engraved Equipment Labels',
    mode,
    plugins: [
      new CopyPublicFiles(),
      new InjectManifest({
        swSrc: './src/service-worker/sw.ts',
        swDest: 'sw.js',
        // Precached: only the installed app's own small files. Scripts are cached as they are used.
        include: [/^manifest\.webmanifest$/, /^icons\//],
        compileSrc: true,
      }),
    ],
  });
  // The page is always served from the shell origin's root, at any route depth (/confirmation/123):
  // its scripts load from /, not relative to the route.
  host.output.publicPath = '/';
  return [
    createStoreContainerConfig({
      appDir: __dirname,
      mode,
      exposes: { './store': './src/store/index.ts' },
    }),
    host,
  ];
};
