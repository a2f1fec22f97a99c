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

/**
 * The pages a remote draws, one per path: the module it exposes and the area its fallback names. The
 * shell's server knows the same paths (scripts/pages.mjs; route-paths.test.tsx keeps them in step).
 * Paths with a parameter come after these, so `/orders/lookup` is never read as an order number.
 */
const REMOTE_PAGES = [
  { path: '/products', module: 'configurator/ConfiguratorPage', area: 'label configurator' },
  { path: '/cart', module: 'cart_checkout/CartPage', area: 'cart' },
  { path: '/checkout', module: 'cart_checkout/CheckoutPage', area: 'checkout' },
  { path: '/orders', module: 'account/OrdersPage', area: 'order history' },
  { path: '/orders/lookup', module: 'account/OrderLookupPage', area: 'order lookup' },
  { path: '/account', module: 'account/AccountPage', area: 'account page' },
  { path: '/reset-password', module: 'account/ResetPasswordPage', area: 'password reset' },
  { path: '/confirm-email', module: 'account/ConfirmEmailPage', area: 'email confirmation' },
  { path: '/admin', module: 'admin/AdminPage', area: 'admin panel' },
  { path: '/admin-setup', module: 'admin/AdminSetupPage', area: 'admin setup' },
];
/** Remote pages for trying the admin remote out, outside production only. */
const DEBUG_REMOTE_PAGES = [
  { path: '/admin-test', module: 'admin/AdminTestPage', area: 'admin test page' },
  { path: '/admin-simple', module: 'admin/AdminSimplePage', area: 'admin test page' },
];

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
        {REMOTE_PAGES.map(({ path, ...slot }) => (
          <Route key={path} path={path}>
            <RemoteSlot key={path} {...slot} />
          </Route>
        ))}
        <Route path="/confirmation/:orderId">
          <ConfirmationRoute />
        </Route>
        <Route path="/orders/:orderNumber">
          <OrderRoute />
        </Route>
        <Route path="/contact">
          <Suspense fallback={<PageSkeleton />}>
            <ContactPage />
          </Suspense>
        </Route>
        {debugPages && (
          <>
            {DEBUG_REMOTE_PAGES.map(({ path, ...slot }) => (
              <Route key={path} path={path}>
                <RemoteSlot key={path} {...slot} />
              </Route>
            ))}
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
