const { createHostConfig, createStoreContainerConfig } = require('@shop/webpack-config');

// Two builds: the store container (`shell/store`, the one federated store, served at /store/) and the
// host page, which consumes the store through its federated path like every remote does.
module.exports = (_env, argv) => {
  const mode = argv.mode ?? 'production';
  return [
    createStoreContainerConfig({ appDir: __dirname, mode, exposes: { './store': './src/store/index.ts' } }),
    createHostConfig({ appDir: __dirname, name: 'shell_host', title: 'Custom Engraved Equipment Labels', mode }),
  ];
};
