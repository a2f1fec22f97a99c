import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { CART_PAGE_TOP, CHECKOUT_PAGE_TOP } from '@shop/ui';
import {
  ConfiguratorSkeleton,
  PageSkeleton,
  PageTopSkeleton,
  RemoteSlot,
} from '../components/remote-slot';
import { LandingPage } from '../features/landing/components/landing-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { runtimeConfig } from '../lib/runtime-config';
import { Layout } from './layout/layout';
import remotePages from './remote-pages.json';

// Pages most visits never open are split out of the first download (the contact form brings zod).
const ContactPage = lazy(() =>
  import('../features/contact/components/contact-page').then((m) => ({ default: m.ContactPage })),
);
const DebugSessionPage = lazy(() =>
  import('../features/debug/components/debug-session-page').then((m) => ({
    default: m.DebugSessionPage,
  })),
);

/** A page a remote draws: the module it exposes and the area its fallback names. */
interface RemotePage {
  path: string;
  module: string;
  area: string;
  /** Outside production only (pages for trying the admin remote out). */
  debug?: boolean;
}

/**
 * The remotes' pages, one table for the app and the shell's server (scripts/pages.mjs, which also
 * preloads a page's remote files from the HTML; route-paths.test.tsx keeps the two in step). The
 * router ranks a plain path above one with a parameter, so `/orders/lookup` is never read as an order
 * number; the last route, `*`, is the 404.
 */
const REMOTE_PAGES: RemotePage[] = remotePages;
const plainPages = (debug: boolean) =>
  REMOTE_PAGES.filter((page) => !page.path.includes(':') && Boolean(page.debug) === debug);

/**
 * A remote page whose top the shell draws while it loads (and in the route's prerendered skeleton);
 * every other remote page has the plain skeleton.
 */
const SKELETONS: Record<string, ReactNode> = {
  'configurator/ConfiguratorPage': <ConfiguratorSkeleton />,
  'cart_checkout/CartPage': <PageTopSkeleton {...CART_PAGE_TOP} />,
  'cart_checkout/CheckoutPage': <PageTopSkeleton {...CHECKOUT_PAGE_TOP} />,
};

function slotOf(path: string): { module: string; area: string } {
  const page = REMOTE_PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`No remote page for ${path} in remote-pages.json`);
  return { module: page.module, area: page.area };
}

function ConfirmationRoute() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  return (
    <RemoteSlot key="confirmation" {...slotOf('/confirmation/:orderId')} props={{ orderId }} />
  );
}

function OrderRoute() {
  const { orderNumber = '' } = useParams<{ orderNumber: string }>();
  return <RemoteSlot key="order" {...slotOf('/orders/:orderNumber')} props={{ orderNumber }} />;
}

export function AppRoutes() {
  const debugPages = runtimeConfig().environment !== 'production';
  return (
    <Layout>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        {plainPages(false).map(({ path, module, area }) => (
          <Route
            key={path}
            path={path}
            element={
              <RemoteSlot key={path} module={module} area={area} fallback={SKELETONS[module]} />
            }
          />
        ))}
        <Route path="/confirmation/:orderId" element={<ConfirmationRoute />} />
        <Route path="/orders/:orderNumber" element={<OrderRoute />} />
        <Route
          path="/contact"
          element={
            <Suspense fallback={<PageSkeleton />}>
              <ContactPage />
            </Suspense>
          }
        />
        {debugPages &&
          plainPages(true).map(({ path, module, area }) => (
            <Route
              key={path}
              path={path}
              element={<RemoteSlot key={path} module={module} area={area} />}
            />
          ))}
        {debugPages && (
          <Route
            path="/debug-session"
            element={
              <Suspense fallback={<PageSkeleton />}>
                <DebugSessionPage />
              </Suspense>
            }
          />
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Layout>
  );
}
