// Exposed as account/OrderPage: the shell mounts it at /orders/:orderNumber. The proof section (its own
// feature) is added under the order's heading.
import { OrderPage } from '../features/order-page/components/order-page';
import { OrderProofSection } from '../features/order-proof/components/order-proof';

export default function OrderPageWithProof({ orderNumber }: { orderNumber: string }) {
  return (
    <OrderPage
      orderNumber={orderNumber}
      extras={(order, access) => (
        <OrderProofSection orderId={order.id} orderStatus={order.status} access={access} />
      )}
    />
  );
}
