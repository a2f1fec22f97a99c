const path = require('node:path');
const { InjectManifest } = require('workbox-webpack-plugin');
const { createHostConfig } = require('@shop/webpack-config');
const { CopyPublicFiles } = require('@shop/webpack-config/copy-public-files');

// One build: the host page, which provides the one federated store (`shell/store`) to every app on the
// page and exposes it from its container for the remotes' standalone pages. It also ships the web app
// manifest, its icons and the service worker (/sw.js).
module.exports = (_env, argv) => {
  const mode = argv.mode ?? 'production';
  const config = createHostConfig({
    appDir: __dirname,
    title: 'Custom Engraved Equipment Labels',
    storeModule: './src/store/index.ts',
    // What the first remote's page needs from the shell (the query cache), preloaded on its routes.
    remotePage: 'src/lib/query-cache.tsx',
    mode,
    plugins: [
      new CopyPublicFiles(path.join(__dirname, 'public')),
      new InjectManifest({
        swSrc: './src/service-worker/sw.ts',
        swDest: 'sw.js',
        // Precached: the installed app's own files and the shell's hashed scripts, so a second visit
        // (or an offline one) starts without the network. Remotes' scripts are cached as they are used.
        include: [/^manifest\.webmanifest$/, /^icons\//, /^shell\/.*\.[0-9a-f]{8}\.js$/],
        compileSrc: true,
      }),
    ],
  });
  // The store's session half (src/store/session.ts and what it imports) in one chunk of its own: the
  // landing page runs it, and the store module (loaded with the first remote, and from the container
  // for a remote's standalone page) imports it too. Without this group webpack copies those modules
  // into the store's chunk as well, since the container's page has no landing chunk to take them from.
  config.optimization.splitChunks = {
    cacheGroups: {
      storeSession: {
        test: /[\\/]src[\\/]store[\\/](session|shop-store|api-client|guest-session|load-parsers)\.ts$/,
        name: 'store-session',
        chunks: 'all',
        enforce: true,
      },
    },
  };
  // Styled components named by file and place, as in the prerender bundle (scripts/styled-ids.cjs), so
  // the prerendered pages' class names are the browser's.
  config.module.rules.push({
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    enforce: 'pre',
    loader: require.resolve('./scripts/styled-ids.cjs'),
  });
  return config;
};
