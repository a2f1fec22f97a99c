// The one webpack + module federation factory of the shop. The shell and every remote build with it, so
// the shared singletons and the loaders can never drift between apps.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { EsbuildPlugin } = require('esbuild-loader');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const repoRoot = path.resolve(__dirname, '..');

/** The container that owns the federated store, the API client and toasts; it ships with the shell. */
const STORE_CONTAINER = 'shell';
/**
 * Where that container's entry is, relative to the page. The page is always served by the shell's
 * origin (or by a remote's standalone server, which forwards /store/ to the shell), so one relative URL
 * serves every deployment without rebuilding anyone.
 */
const STORE_ENTRY = '/store/remoteEntry.js';

function installedVersion(pkg) {
  return require(require.resolve(`${pkg}/package.json`, { paths: [repoRoot] })).version;
}

/**
 * Libraries that hold global state, shared as singletons: one copy in the browser. The trailing-slash
 * keys cover subpaths (`react/jsx-runtime`, `react-dom/client`, `zustand/middleware`), which a bare
 * `react-dom` key does not.
 */
function sharedSingletons() {
  const singleton = (pkg) => ({
    singleton: true,
    requiredVersion: `^${installedVersion(pkg)}`,
    version: installedVersion(pkg),
  });
  const withSubpaths = (pkg) => ({ [pkg]: singleton(pkg), [`${pkg}/`]: singleton(pkg) });
  return {
    ...withSubpaths('react'),
    ...withSubpaths('react-dom'),
    'react-router-dom': singleton('react-router-dom'),
    'react-router': singleton('react-router'),
    'styled-components': singleton('styled-components'),
    ...withSubpaths('zustand'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
  };
}

function baseConfig({ appDir, mode, outputPath }) {
  const production = mode === 'production';
  return {
    mode,
    context: appDir,
    // webpack is pinned to 5.110.x: 5.111 breaks [contenthash] in federation runtime modules
    // (module-federation/core#5077, webpack/webpack#22199).
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // zod without eval, so it runs under the pages' Content-Security-Policy (zod-browser.mjs).
      alias: { zod$: path.join(__dirname, 'zod-browser.mjs') },
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

function federation({ name, exposes = {}, remotes = {} }) {
  return new ModuleFederationPlugin({
    name,
    filename: 'remoteEntry.js',
    exposes,
    remotes,
    shared: sharedSingletons(),
    // A remote is only fetched when its route is visited; an offline remote cannot stall the shell.
    shareStrategy: 'loaded-first',
    manifest: true,
    dts: false,
  });
}

/**
 * A remote (or the shell's store container): exposes modules, consumes the store container, and has a
 * standalone page of its own for its team.
 */
function createRemoteConfig({
  appDir,
  name,
  exposes,
  title,
  mode = 'production',
  standalone = true,
}) {
  const config = baseConfig({ appDir, mode, outputPath: path.join(appDir, 'dist') });
  return {
    ...config,
    name,
    entry: standalone ? { main: './src/index.ts' } : {},
    plugins: [
      federation({
        name,
        exposes,
        remotes: { [STORE_CONTAINER]: `${STORE_CONTAINER}@${STORE_ENTRY}` },
      }),
      ...(standalone
        ? [
            new HtmlWebpackPlugin({
              template: path.join(__dirname, 'index.html'),
              title,
              chunks: ['main'],
            }),
          ]
        : []),
    ],
  };
}

/** The shell: the host page. It consumes the store container and finds page remotes at run time. */
function createHostConfig({ appDir, name, title, mode = 'production', outputPath, plugins = [] }) {
  const config = baseConfig({ appDir, mode, outputPath: outputPath ?? path.join(appDir, 'dist') });
  return {
    ...config,
    name,
    entry: { main: './src/index.ts' },
    output: { ...config.output, clean: { keep: /^store\// } },
    plugins: [
      federation({ name, remotes: { [STORE_CONTAINER]: `${STORE_CONTAINER}@${STORE_ENTRY}` } }),
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'index.html'),
        title,
        chunks: ['main'],
      }),
      ...plugins,
    ],
  };
}

/** The store container: no page of its own, exposes the federated store to everyone. */
function createStoreContainerConfig({ appDir, exposes, mode = 'production' }) {
  const config = baseConfig({ appDir, mode, outputPath: path.join(appDir, 'dist/store') });
  return {
    ...config,
    name: STORE_CONTAINER,
    entry: {},
    plugins: [federation({ name: STORE_CONTAINER, exposes })],
  };
}

module.exports = {
  STORE_CONTAINER,
  STORE_ENTRY,
  sharedSingletons,
  createRemoteConfig,
  createHostConfig,
  createStoreContainerConfig,
};
