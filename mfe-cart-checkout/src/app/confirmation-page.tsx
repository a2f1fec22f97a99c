import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { RemotePage } from '../components/remote-page';
import { OrderConfirmation } from '../features/confirmation/components/order-confirmation';
import { clearLastOrder, readLastOrder } from '../lib/last-order';

interface ConfirmationPageProps {
  /** From the shell's route /confirmation/:orderId. */
  orderId?: string;
}

/**
 * `cart_checkout/ConfirmationPage`. Shows the order kept by the checkout in session storage, which is
 * removed once read; without it (a reload, a shared link) the shopper is sent to the home page.
 */
export default function ConfirmationPage({ orderId }: ConfirmationPageProps) {
  // Read once and kept in state: the removal below must not hide it from a second render.
  const [order] = useState(() => {
    const kept = readLastOrder();
    return kept && (!orderId || kept.orderId === orderId) ? kept : null;
  });

  useEffect(() => {
    clearLastOrder();
  }, []);

  if (!order) return <Navigate to="/" replace />;

  return (
    <RemotePage title="Order Confirmed" centered>
      <OrderConfirmation order={order} />
    </RemotePage>
  );
}
