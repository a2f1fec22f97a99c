import { Route, Routes, useParams } from 'react-router-dom';
import { RemoteSlot } from '../components/remote-slot';
import { Layout } from '../features/layout/layout';
import { LandingPage } from '../features/landing/landing-page';
import { ContactPage } from '../features/contact/contact-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { DebugSessionPage } from '../features/debug/debug-session-page';
import { runtimeConfig } from '../lib/runtime-config';

function ConfirmationRoute() {
  const { orderId = '' } = useParams();
  return <RemoteSlot key="confirmation" module="cart_checkout/ConfirmationPage" area="order confirmation" props={{ orderId }} />;
}

export function AppRoutes() {
  const debugPages = runtimeConfig().environment !== 'production';
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<LandingPage />} />
        <Route path="products" element={<RemoteSlot key="products" module="configurator/ConfiguratorPage" area="label configurator" />} />
        <Route path="cart" element={<RemoteSlot key="cart" module="cart_checkout/CartPage" area="cart" />} />
        <Route path="checkout" element={<RemoteSlot key="checkout" module="cart_checkout/CheckoutPage" area="checkout" />} />
        <Route path="confirmation/:orderId" element={<ConfirmationRoute />} />
        <Route path="orders" element={<RemoteSlot key="orders" module="account/OrdersPage" area="order history" />} />
        <Route path="admin" element={<RemoteSlot key="admin" module="admin/AdminPage" area="admin panel" />} />
        <Route path="admin-setup" element={<RemoteSlot key="admin-setup" module="admin/AdminSetupPage" area="admin setup" />} />
        <Route path="contact" element={<ContactPage />} />
        {debugPages && (
          <>
            <Route path="admin-test" element={<RemoteSlot key="admin-test" module="admin/AdminTestPage" area="admin test page" />} />
            <Route path="admin-simple" element={<RemoteSlot key="admin-simple" module="admin/AdminSimplePage" area="admin test page" />} />
            <Route path="debug-session" element={<DebugSessionPage />} />
          </>
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
