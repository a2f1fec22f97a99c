const { createRemoteConfig } = require('@shop/webpack-config');

module.exports = (_env, argv) =>
  createRemoteConfig({
    appDir: __dirname,
    name: 'configurator',
    title: 'Label configurator',
    mode: argv.mode ?? 'production',
    exposes: {
      './ConfiguratorPage': './src/app/configurator-page.tsx',
    },
  });
