const { remoteApp } = require('@shop/webpack-config/remote-app');

module.exports = remoteApp({
  appDir: __dirname,
  name: 'account',
  title: 'Account',
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
