// The one webpack + module federation factory of the shop. The shell and every remote build with it, so
// the shared singletons and the loaders can never drift between apps.
const fs = require('node:fs');
const path = require('node:path');
const { DefinePlugin, container } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { EsbuildPlugin } = require('esbuild-loader');
const { FederationManifestPlugin } = require('./federation-manifest-plugin');
const { PrecompressPlugin } = require('./precompress-plugin');
const { StartChunksPreloadPlugin } = require('./start-chunks-preload-plugin');

const repoRoot = path.resolve(__dirname, '..');
/** First in every app's entry: zod without eval, so it runs under the pages' CSP (zod-jitless.mjs). */
const ZOD_JITLESS = path.join(__dirname, 'zod-jitless.mjs');

/**
 * The federated store, API client and query cache: one instance on the page. Every app imports it as
 * `shell/store`; it is a shared singleton that only the shell provides (remotes consume it with
 * `import: false`, so they can never bundle a copy), so the page has one federation runtime and no
 * container of its own for the store.
 */
const STORE_SHARE_KEY = 'shell/store';
/** The shell's container name: a remote's standalone page loads the store from it. */
const SHELL_CONTAINER = 'shell';
/**
 * Where the shell's container entry is, relative to the page. Every file of the shell's build lives
 * under /shell/ so a remote's standalone server forwards that one prefix to the shell.
 */
const SHELL_ENTRY = '/shell/remoteEntry.js';

/**
 * The version installed at the repo's root. The package.json is found by walking up from the package's
 * entry, since a package with an `exports` map (wouter) does not export its package.json.
 */
function installedVersion(pkg) {
  let dir = path.dirname(require.resolve(pkg, { paths: [repoRoot] }));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      if (name === pkg) return version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json of ${pkg} above its entry`);
    dir = parent;
  }
}

/**
 * SHARED_VERSION_OVERRIDES='{"react":"19.2.1"}': a remote build that declares another version of a
 * shared library, as one built against a newer install would (the version-skew test uses it; README
 * "Releasing a remote").
 */
function sharedVersionOverrides() {
  const raw = process.env.SHARED_VERSION_OVERRIDES;
  return raw ? JSON.parse(raw) : {};
}

/**
 * Libraries that hold global state, shared as singletons: one copy in the browser. The trailing-slash
 * keys cover subpaths (`react/jsx-runtime`, `react-dom/client`, `zustand/middleware`), which a bare
 * `react-dom` key does not.
 */
function sharedSingletons({ provideStore = false, overrides = {} } = {}) {
  const version = (pkg) => overrides[pkg] ?? installedVersion(pkg);
  const singleton = (pkg) => ({
    singleton: true,
    requiredVersion: `^${version(pkg)}`,
    version: version(pkg),
  });
  const withSubpaths = (pkg) => ({ [pkg]: singleton(pkg), [`${pkg}/`]: singleton(pkg) });
  return {
    ...withSubpaths('react'),
    ...withSubpaths('react-dom'),
    // The router (docs/design.md "Router"). Apps import only `wouter` itself: its subpath modules are
    // also inside it, so sharing a subpath would put a second copy of them on the page.
    wouter: singleton('wouter'),
    'styled-components': singleton('styled-components'),
    ...withSubpaths('zustand'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    // Provided by request (resolved through the shell's alias), not by file path: a path would also be
    // provided inside the HTML and service-worker child compilations and emit stray chunks.
    [STORE_SHARE_KEY]: provideStore
      ? { singleton: true, requiredVersion: false, version: '1.0.0' }
      : { singleton: true, requiredVersion: false, import: false },
  };
}

/** The libraries shared as singletons (sharedSingletons' keys without subpaths and the store). */
const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'wouter',
  'styled-components',
  'zustand',
  '@tanstack/react-query',
];

function baseConfig({ appDir, mode, outputPath }) {
  const production = mode === 'production';
  return {
    mode,
    context: appDir,
    // webpack is pinned to 5.110.x (docs/design.md section 10): 5.111 broke [contenthash] builds
    // through @module-federation/enhanced's runtime module, which the shop no longer uses.
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { loader: 'tsx', target: 'es2020', jsx: 'automatic' },
        },
      ],
    },
    output: {
      path: outputPath,
      publicPath: 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    optimization: {
      // No format: esbuild's default iife wrap would rename the container's global (`var shell`).
      minimizer: [new EsbuildPlugin({ target: 'es2020', css: false, format: undefined })],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/**
 * webpack's own container plugin, not @module-federation/enhanced: its runtime is a few KB where the
 * enhanced runtime cost the landing page about 54 KB gzip and each remote entry about 10 KB more
 * (docs/design.md section 10). Remotes are loaded by shell/src/lib/federation.ts from the URLs of
 * /config.json; singletons keep the copy already loaded on the page, so the shell's copy is the one.
 * A remote also writes mf-manifest.json (its exposed modules' files and shared versions).
 */
function federation({
  name,
  exposes = {},
  filename = 'remoteEntry.js',
  provideStore = false,
  overrides = {},
}) {
  const shared = sharedSingletons({ provideStore, overrides });
  return [
    new container.ModuleFederationPlugin({ name, filename, exposes, shared }),
    ...(provideStore ? [] : [new FederationManifestPlugin({ name, filename, shared })]),
  ];
}

/**
 * A remote: exposes modules, consumes the shell's store from the page, and has a standalone page of its
 * own for its team (which loads the store from the shell's container, see loadShellStore).
 */
function createRemoteConfig({
  appDir,
  name,
  exposes,
  title,
  mode = 'production',
  standalone = true,
}) {
  // BUILD_OUTPUT_DIR: npm run release builds into the release store, leaving dist/ as it is.
  const outputPath = process.env.BUILD_OUTPUT_DIR ?? path.join(appDir, 'dist');
  const config = baseConfig({ appDir, mode, outputPath });
  return {
    ...config,
    // Release builds keep webpack's cache between runs (one per set of shared-version overrides): a
    // second release of the same code rebuilds only what changed.
    ...(process.env.BUILD_OUTPUT_DIR
      ? {
          cache: {
            type: 'filesystem',
            name: `release-${name}-${Buffer.from(process.env.SHARED_VERSION_OVERRIDES ?? '').toString('hex')}`,
            buildDependencies: { config: [__filename] },
          },
        }
      : {}),
    name,
    entry: standalone ? { main: [ZOD_JITLESS, './src/index.ts'] } : {},
    plugins: [
      ...federation({ name, exposes, overrides: sharedVersionOverrides() }),
      // A release's own label (SHOP_BUILD_LABEL at build time), shown where a remote chooses to.
      new DefinePlugin({
        'process.env.SHOP_BUILD_LABEL': JSON.stringify(process.env.SHOP_BUILD_LABEL ?? ''),
      }),
      ...(standalone
        ? [
            new HtmlWebpackPlugin({
              template: path.join(__dirname, 'index.html'),
              title,
              chunks: ['main'],
              // Before the page's own script: the shell's container, which provides the store.
              shellEntry: SHELL_ENTRY,
            }),
          ]
        : []),
      ...(mode === 'production' ? [new PrecompressPlugin()] : []),
    ],
  };
}

/**
 * The shell: the host page. It provides the store to the share scope, finds page remotes at run time,
 * and is a container too (exposing the store) so a remote's standalone page can load the store from it.
 * All its files live under /shell/ (see SHELL_ENTRY); the page itself is /index.html.
 */
function createHostConfig({ appDir, title, storeModule, mode = 'production', plugins = [] }) {
  const config = baseConfig({ appDir, mode, outputPath: path.join(appDir, 'dist') });
  const production = mode === 'production';
  return {
    ...config,
    name: SHELL_CONTAINER,
    entry: { main: [ZOD_JITLESS, './src/index.ts'] },
    resolve: {
      ...config.resolve,
      alias: { [STORE_SHARE_KEY]: path.resolve(appDir, storeModule) },
    },
    output: {
      ...config.output,
      // The page is served at any route depth (/confirmation/123): its files load from /shell/.
      publicPath: '/',
      filename: production ? 'shell/[name].[contenthash:8].js' : 'shell/[name].js',
      chunkFilename: production ? 'shell/[name].[contenthash:8].js' : 'shell/[name].js',
    },
    plugins: [
      ...federation({
        name: SHELL_CONTAINER,
        filename: SHELL_ENTRY.slice(1),
        exposes: { './store': storeModule },
        provideStore: true,
      }),
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'index.html'),
        title,
        chunks: ['main'],
      }),
      new StartChunksPreloadPlugin({ entry: 'main' }),
      // The shared singletons' versions the shell provides: it refuses a release built with another
      // major of one of them (shell/src/lib/remotes.ts).
      new DefinePlugin({
        // The year the prerendered pages are built in (shell/scripts/prerender.mjs defines the same).
        __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
        __SHARED_VERSIONS__: JSON.stringify(
          Object.fromEntries(SHARED_PACKAGES.map((pkg) => [pkg, installedVersion(pkg)])),
        ),
      }),
      ...plugins,
      ...(production ? [new PrecompressPlugin()] : []),
    ],
  };
}

module.exports = {
  STORE_SHARE_KEY,
  SHELL_CONTAINER,
  SHELL_ENTRY,
  sharedSingletons,
  createRemoteConfig,
  createHostConfig,
};
