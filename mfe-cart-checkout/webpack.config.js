const { createRemoteConfig } = require('@shop/webpack-config');

module.exports = (_env, argv) =>
  createRemoteConfig({
    appDir: __dirname,
    name: 'cart_checkout',
    title: 'Cart and checkout',
    mode: argv.mode ?? 'production',
    exposes: {
      './CartPage': './src/app/cart-page.tsx',
      './CheckoutPage': './src/app/checkout-page.tsx',
      './ConfirmationPage': './src/app/confirmation-page.tsx',
    },
  });
