const path = require('node:path');
const { CopyPublicFiles } = require('@shop/webpack-config/copy-public-files');
const { remoteApp } = require('@shop/webpack-config/remote-app');

// public/ holds the literature PDFs; the page links them through webpack's public path.
module.exports = remoteApp({
  appDir: __dirname,
  name: 'configurator',
  title: 'Label configurator',
  exposes: {
    './ConfiguratorPage': './src/app/configurator-page.tsx',
  },
  plugins: [new CopyPublicFiles(path.join(__dirname, 'public'))],
});
