import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { useShopStore } from 'shell/store';
import { countOf } from '@shop/ui';
import { StandaloneFrame } from '@shop/ui/standalone';
import CartPage from './cart-page';
import CheckoutPage from './checkout-page';
import ConfirmationPage from './confirmation-page';

function ConfirmationRoute() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  return <ConfirmationPage orderId={orderId} />;
}

/** The cart and checkout remote on its own page: its three pages under their shop routes. */
export function StandaloneApp() {
  const itemCount = useShopStore((s) => s.cart.itemCount);
  return (
    <StandaloneFrame
      title="Cart & checkout remote"
      links={[
        { to: '/cart', label: `Cart (${countOf(itemCount, 'label')})` },
        { to: '/checkout', label: 'Checkout' },
      ]}
    >
      <Routes>
        <Route path="/cart" element={<CartPage />} />
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/confirmation/:orderId" element={<ConfirmationRoute />} />
        <Route path="*" element={<Navigate to="/cart" replace />} />
      </Routes>
    </StandaloneFrame>
  );
}
