// Exposed as account/OrderPage: the shell mounts it at /orders/:orderNumber.
export { OrderPage as default } from '../features/order-page/components/order-page';
