const { remoteApp } = require('@shop/webpack-config/remote-app');

module.exports = remoteApp({
  appDir: __dirname,
  name: 'cart_checkout',
  title: 'Cart and checkout',
  exposes: {
    './CartPage': './src/app/cart-page.tsx',
    './CheckoutPage': './src/app/checkout-page.tsx',
    './ConfirmationPage': './src/app/confirmation-page.tsx',
  },
});
