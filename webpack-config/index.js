// The one webpack + module federation factory of the shop. The shell and every remote build with it, so
// the shared singletons and the loaders can never drift between apps.
const fs = require('node:fs');
const path = require('node:path');
const { DefinePlugin } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { EsbuildPlugin } = require('esbuild-loader');
const { PrecompressPlugin } = require('./precompress-plugin');
const { StartChunksPreloadPlugin } = require('./start-chunks-preload-plugin');
const { DeadCodePlugin } = require('./dead-code-plugin');
const { CompileHintsPlugin } = require('./compile-hints-plugin');

const repoRoot = path.resolve(__dirname, '..');
/** Chunks whose libraries a page mostly leaves unrun: no compile hint (compile-hints-plugin.js). */
const LAZY_COMPILED = [/[\\/]node_modules[\\/]bwip-js[\\/]/];
/** First in every app's entry: zod without eval, so it runs under the pages' CSP (zod-jitless.mjs). */
const ZOD_JITLESS = path.join(__dirname, 'zod-jitless.mjs');

/**
 * The federated store, API client and query cache: one instance on the page. Every app imports it as
 * `shell/store`; it is a shared singleton that only the shell provides (remotes consume it with
 * `import: false`, so they can never bundle a copy), so the page has one federation runtime and no
 * container of its own for the store.
 */
const STORE_SHARE_KEY = 'shell/store';
/**
 * The router, shared like the store: the shell provides `react-router-dom` as the module
 * shared-router.mjs (an alias in the shell's build), which re-exports the router APIs the apps use, so
 * webpack tree-shakes react-router in the shell's build; remotes consume it with `import: false`.
 */
const ROUTER_SHARE_KEY = 'react-router-dom';
const SHARED_ROUTER = path.join(__dirname, 'shared-router.mjs');

/**
 * A module bundled on its own by esbuild, which drops every part of its libraries the module's exports
 * do not use. webpack marks the unused exports too, but the minifier keeps unused code inside a
 * module's function (a shared module sits in a chunk of its own that webpack cannot concatenate, and
 * zod's schema classes stay even when concatenated; docs/design.md section 10). `external` stay
 * imports of the bundle (shared libraries).
 */
function bundleAlone({ entry, name, mode, external = [] }) {
  const outfile = path.join(repoRoot, 'node_modules/.cache', name, `${mode}.mjs`);
  require('esbuild').buildSync({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    external,
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    legalComments: 'none',
    logLevel: 'error',
  });
  return outfile;
}

/** shared-router.mjs bundled alone: react-router without what its exports do not use. */
const bundleSharedRouter = (mode) =>
  bundleAlone({
    entry: SHARED_ROUTER,
    name: 'shop-shared-router',
    mode,
    external: ['react', 'react-dom', 'react-dom/*'],
  });

/**
 * The answer schemas the shell's store parses while the landing page loads, in zod/mini
 * (contracts/src/store-answers.ts), bundled alone: 21.5 KB gzip of zod when webpack bundles them,
 * about 7 KB this way.
 */
const STORE_ANSWERS = '@shop/contracts/store-answers';
const bundleStoreAnswers = (mode) =>
  bundleAlone({
    entry: path.join(repoRoot, 'contracts/src/store-answers.ts'),
    name: 'shop-store-answers',
    mode,
  });

/** The shell's container name: a remote's standalone page loads the store from it. */
const SHELL_CONTAINER = 'shell';
/**
 * Where the shell's container entry is, relative to the page. Every file of the shell's build lives
 * under /shell/ so a remote's standalone server forwards that one prefix to the shell.
 */
const SHELL_ENTRY = '/shell/remoteEntry.js';

/**
 * The version installed at the repo's root. The package.json is found by walking up from the package's
 * entry, since a package with an `exports` map may not export its package.json.
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
    // The router (docs/design.md "Router"): the shell provides the router APIs the apps use
    // (shared-router.mjs, tree-shaken in the shell's build, where a shared library is otherwise
    // provided whole); the remotes consume it and never bundle a copy.
    [ROUTER_SHARE_KEY]: provideStore
      ? singleton(ROUTER_SHARE_KEY)
      : { ...singleton(ROUTER_SHARE_KEY), import: false },
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

/**
 * The code drawing (contracts' label-code-drawing: bwip-js's encoders, about 72 KB gzip), which the
 * configurator and the account's order page both load when a label has a code: shared, not a
 * singleton, so a shopper who opens one and then the other in the same visit downloads it once.
 * A subpath of a workspace package: release manifests do not record it (scripts/lib/release.mjs).
 */
const CODE_DRAWING_SHARE_KEY = '@shop/contracts/label-code-drawing';

function sharedCodeDrawing() {
  const version = installedVersion('@shop/contracts');
  return { [CODE_DRAWING_SHARE_KEY]: { requiredVersion: `^${version}`, version } };
}

/** The libraries shared as singletons (sharedSingletons' keys without subpaths and the store). */
const SHARED_PACKAGES = [
  'react',
  'react-dom',
  ROUTER_SHARE_KEY,
  'styled-components',
  'zustand',
  '@tanstack/react-query',
];

/**
 * The minifier of every app. esbuild lowers what es2020 lacks (a class's `#private` fields and
 * methods, used by react-query and Radix) with helpers it declares at the top of the file, and a chunk
 * is a classic script: its top-level `var`s are globals of the page, shared by every chunk of every app.
 * Two chunks whose helpers got the same short names then overwrite each other's (react-query's
 * `__privateMethod` replaced by Radix collection's `__privateGet` threw "Cannot read properties of
 * undefined (reading 'call')" once the toaster had a chunk of its own). So every file is wrapped in a
 * function (esbuild's `iife`) and declares nothing on the page; a container sets its global as a
 * property (containerLibrary). minify.test.mjs checks both.
 */
function minimizers() {
  return [new EsbuildPlugin({ target: 'es2020', css: false, format: 'iife' })];
}

/**
 * How a container's entry names itself on the page: `self.shell = ...`, a property the federation
 * runtime reads (globalThis[name]), rather than webpack's default `var shell`, a declaration that the
 * minifier's wrap (minimizers) would hide.
 */
function containerLibrary(name) {
  return { type: 'self', name };
}

/**
 * What every app's production build does to its files after bundling, in this order: drops the code no
 * chunk runs, adds the compile hint, then writes the compressed copies (each plugin's stage).
 */
function finishingPlugins() {
  return [
    new DeadCodePlugin(),
    new CompileHintsPlugin({ except: LAZY_COMPILED }),
    new PrecompressPlugin(),
  ];
}

function baseConfig({ appDir, mode, outputPath }) {
  const production = mode === 'production';
  return {
    mode,
    context: appDir,
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
      // A remote's chunks load on the shell's page from the remote's origin: as CORS requests, so the
      // service worker sees their status and keeps only a 200 (shell/src/service-worker/sw.ts).
      crossOriginLoading: 'anonymous',
      clean: true,
    },
    optimization: { minimizer: minimizers() },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/**
 * The federation runtime every app's page shares: the shell's build carries
 * `@module-federation/runtime-core` and, through this runtime plugin, puts it on the page when its
 * federation instance starts; every remote is built with `experiments.externalRuntime` and takes it from
 * there, so the page runs one runtime (docs/design.md section 10).
 */
const PROVIDE_RUNTIME_PLUGIN = path.join(__dirname, 'provide-federation-runtime.mjs');

/**
 * @module-federation/enhanced, the same options in every app: remotes are registered at run time by the
 * shell (shell/src/lib/federation.ts, from /config.json), never named at build time; shared singletons
 * keep the copy already loaded (`loaded-first`), so a remote that is down or slow never holds the
 * shell's start; the runtime is built for the browser only and without the snapshot plugin (the shell
 * reads a remote's mf-manifest.json itself). Each remote writes mf-manifest.json next to its
 * remoteEntry.js; no type hints are generated at build time (dts), the apps share types through the
 * workspace.
 */
function federation({
  name,
  exposes = {},
  filename = 'remoteEntry.js',
  provideStore = false,
  overrides = {},
  runtimePlugins = [],
}) {
  const shared = {
    ...sharedSingletons({ provideStore, overrides }),
    ...(provideStore ? {} : sharedCodeDrawing()),
  };
  return [
    new ModuleFederationPlugin({
      name,
      filename,
      library: containerLibrary(name),
      exposes,
      shared,
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: provideStore ? false : { fileName: 'mf-manifest.json' },
      runtimePlugins: provideStore ? [PROVIDE_RUNTIME_PLUGIN, ...runtimePlugins] : runtimePlugins,
      experiments: {
        externalRuntime: !provideStore,
        optimization: { disableSnapshot: true, target: 'web' },
      },
    }),
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
      ...(mode === 'production' ? finishingPlugins() : []),
    ],
  };
}

/**
 * The shell: the host page. It provides the store to the share scope, finds page remotes at run time,
 * and is a container too (exposing the store) so a remote's standalone page can load the store from it.
 * All its files live under /shell/ (see SHELL_ENTRY); the page itself is /index.html.
 */
function createHostConfig({
  appDir,
  title,
  storeModule,
  remotePage,
  mode = 'production',
  plugins = [],
}) {
  const config = baseConfig({ appDir, mode, outputPath: path.join(appDir, 'dist') });
  const production = mode === 'production';
  return {
    ...config,
    name: SHELL_CONTAINER,
    entry: { main: [ZOD_JITLESS, './src/index.ts'] },
    resolve: {
      ...config.resolve,
      alias: {
        [STORE_SHARE_KEY]: path.resolve(appDir, storeModule),
        [`${ROUTER_SHARE_KEY}$`]: bundleSharedRouter(mode),
        [`${STORE_ANSWERS}$`]: bundleStoreAnswers(mode),
      },
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
      new StartChunksPreloadPlugin({ entry: 'main', remotePage }),
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
      ...(production ? finishingPlugins() : []),
    ],
  };
}

module.exports = {
  STORE_SHARE_KEY,
  SHELL_CONTAINER,
  SHELL_ENTRY,
  sharedSingletons,
  minimizers,
  containerLibrary,
  createRemoteConfig,
  createHostConfig,
};
