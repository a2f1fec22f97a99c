// Exposed as account/OrderLookupPage: the shell mounts it at /orders/lookup.
export { OrderLookupPage as default } from '../features/order-lookup/components/order-lookup-page';
