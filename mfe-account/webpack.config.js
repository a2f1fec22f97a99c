const { createRemoteConfig } = require('@shop/webpack-config');

module.exports = (_env, argv) =>
  createRemoteConfig({
    appDir: __dirname,
    name: 'account',
    title: 'Account',
    mode: argv.mode ?? 'production',
    exposes: {
      './OrdersPage': './src/app/orders-page.tsx',
      './OrderPage': './src/app/order-page.tsx',
      './OrderLookupPage': './src/app/order-lookup-page.tsx',
      './AuthDialog': './src/app/auth-dialog.tsx',
      './ChangePasswordDialog': './src/app/change-password-dialog.tsx',
      './AccountPage': './src/app/account-page.tsx',
      './ResetPasswordPage': './src/app/reset-password-page.tsx',
      './ConfirmEmailPage': './src/app/confirm-email-page.tsx',
    },
  });
