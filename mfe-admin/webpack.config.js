const { remoteApp } = require('@shop/webpack-config/remote-app');

module.exports = remoteApp({
  appDir: __dirname,
  name: 'admin',
  title: 'Admin',
  exposes: {
    './AdminPage': './src/app/admin-page.tsx',
    './AdminSetupPage': './src/app/admin-setup-page.tsx',
    './AdminTestPage': './src/app/admin-test-page.tsx',
    './AdminSimplePage': './src/app/admin-simple-page.tsx',
  },
});
