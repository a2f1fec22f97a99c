import { lazy, Suspense } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { PageSkeleton, RemoteSlot } from '../components/remote-slot';
import { LandingPage } from '../features/landing/components/landing-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { runtimeConfig } from '../lib/runtime-config';
import { Layout } from './layout/layout';

// Pages most visits never open are split out of the first download (the contact form brings zod).
const ContactPage = lazy(() =>
  import('../features/contact/components/contact-page').then((m) => ({ default: m.ContactPage })),
);
const DebugSessionPage = lazy(() =>
  import('../features/debug/components/debug-session-page').then((m) => ({
    default: m.DebugSessionPage,
  })),
);

function ConfirmationRoute() {
  const { orderId = '' } = useParams();
  return (
    <RemoteSlot
      key="confirmation"
      module="cart_checkout/ConfirmationPage"
      area="order confirmation"
      props={{ orderId }}
    />
  );
}

function OrderRoute() {
  const { orderNumber = '' } = useParams();
  return (
    <RemoteSlot
      key="order"
      module="account/OrderPage"
      area="order details"
      props={{ orderNumber }}
    />
  );
}

export function AppRoutes() {
  const debugPages = runtimeConfig().environment !== 'production';
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<LandingPage />} />
        <Route
          path="products"
          element={
            <RemoteSlot
              key="products"
              module="configurator/ConfiguratorPage"
              area="label configurator"
            />
          }
        />
        <Route
          path="cart"
          element={<RemoteSlot key="cart" module="cart_checkout/CartPage" area="cart" />}
        />
        <Route
          path="checkout"
          element={
            <RemoteSlot key="checkout" module="cart_checkout/CheckoutPage" area="checkout" />
          }
        />
        <Route path="confirmation/:orderId" element={<ConfirmationRoute />} />
        <Route
          path="orders"
          element={<RemoteSlot key="orders" module="account/OrdersPage" area="order history" />}
        />
        <Route
          path="orders/lookup"
          element={
            <RemoteSlot key="order-lookup" module="account/OrderLookupPage" area="order lookup" />
          }
        />
        <Route path="orders/:orderNumber" element={<OrderRoute />} />
        <Route
          path="account"
          element={<RemoteSlot key="account" module="account/AccountPage" area="account page" />}
        />
        <Route
          path="reset-password"
          element={
            <RemoteSlot
              key="reset-password"
              module="account/ResetPasswordPage"
              area="password reset"
            />
          }
        />
        <Route
          path="confirm-email"
          element={
            <RemoteSlot
              key="confirm-email"
              module="account/ConfirmEmailPage"
              area="email confirmation"
            />
          }
        />
        <Route
          path="admin"
          element={<RemoteSlot key="admin" module="admin/AdminPage" area="admin panel" />}
        />
        <Route
          path="admin-setup"
          element={
            <RemoteSlot key="admin-setup" module="admin/AdminSetupPage" area="admin setup" />
          }
        />
        <Route
          path="contact"
          element={
            <Suspense fallback={<PageSkeleton />}>
              <ContactPage />
            </Suspense>
          }
        />
        {debugPages && (
          <>
            <Route
              path="admin-test"
              element={
                <RemoteSlot key="admin-test" module="admin/AdminTestPage" area="admin test page" />
              }
            />
            <Route
              path="admin-simple"
              element={
                <RemoteSlot
                  key="admin-simple"
                  module="admin/AdminSimplePage"
                  area="admin test page"
                />
              }
            />
            <Route
              path="debug-session"
              element={
                <Suspense fallback={<PageSkeleton />}>
                  <DebugSessionPage />
                </Suspense>
              }
            />
          </>
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
