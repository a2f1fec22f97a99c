import { lazy, Suspense } from 'react';
import { Route, Switch, useParams } from 'wouter';
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
  const { orderId = '' } = useParams<{ orderId: string }>();
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
  const { orderNumber = '' } = useParams<{ orderNumber: string }>();
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
    <Layout>
      <Switch>
        <Route path="/">
          <LandingPage />
        </Route>
        <Route path="/products">
          <RemoteSlot
            key="products"
            module="configurator/ConfiguratorPage"
            area="label configurator"
          />
        </Route>
        <Route path="/cart">
          <RemoteSlot key="cart" module="cart_checkout/CartPage" area="cart" />
        </Route>
        <Route path="/checkout">
          <RemoteSlot key="checkout" module="cart_checkout/CheckoutPage" area="checkout" />
        </Route>
        <Route path="/confirmation/:orderId">
          <ConfirmationRoute />
        </Route>
        <Route path="/orders">
          <RemoteSlot key="orders" module="account/OrdersPage" area="order history" />
        </Route>
        <Route path="/orders/lookup">
          <RemoteSlot key="order-lookup" module="account/OrderLookupPage" area="order lookup" />
        </Route>
        <Route path="/orders/:orderNumber">
          <OrderRoute />
        </Route>
        <Route path="/account">
          <RemoteSlot key="account" module="account/AccountPage" area="account page" />
        </Route>
        <Route path="/reset-password">
          <RemoteSlot
            key="reset-password"
            module="account/ResetPasswordPage"
            area="password reset"
          />
        </Route>
        <Route path="/confirm-email">
          <RemoteSlot
            key="confirm-email"
            module="account/ConfirmEmailPage"
            area="email confirmation"
          />
        </Route>
        <Route path="/admin">
          <RemoteSlot key="admin" module="admin/AdminPage" area="admin panel" />
        </Route>
        <Route path="/admin-setup">
          <RemoteSlot key="admin-setup" module="admin/AdminSetupPage" area="admin setup" />
        </Route>
        <Route path="/contact">
          <Suspense fallback={<PageSkeleton />}>
            <ContactPage />
          </Suspense>
        </Route>
        {debugPages && (
          <>
            <Route path="/admin-test">
              <RemoteSlot key="admin-test" module="admin/AdminTestPage" area="admin test page" />
            </Route>
            <Route path="/admin-simple">
              <RemoteSlot
                key="admin-simple"
                module="admin/AdminSimplePage"
                area="admin test page"
              />
            </Route>
            <Route path="/debug-session">
              <Suspense fallback={<PageSkeleton />}>
                <DebugSessionPage />
              </Suspense>
            </Route>
          </>
        )}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Layout>
  );
}
