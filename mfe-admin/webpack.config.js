const { createRemoteConfig } = require('@shop/webpack-config');

module.exports = (_env, argv) =>
  createRemoteConfig({
    appDir: __dirname,
    name: 'admin',
    title: 'Admin',
    mode: argv.mode ?? 'production',
    exposes: {
      './AdminPage': './src/app/admin-page.tsx',
      './AdminSetupPage': './src/app/admin-setup-page.tsx',
      './AdminTestPage': './src/app/admin-test-page.tsx',
      './AdminSimplePage': './src/app/admin-simple-page.tsx',
    },
  });
