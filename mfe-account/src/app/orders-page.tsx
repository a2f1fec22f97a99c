// Exposed as account/OrdersPage: the shell mounts it at /orders.
export { OrdersPage as default } from '../features/orders/components/orders-page';
