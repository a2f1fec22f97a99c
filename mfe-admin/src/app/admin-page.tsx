// Exposed as admin/AdminPage: the shell mounts it at /admin; /admin?order={orderNumber} opens that
// order's details on the Orders tab (the admin's new-order email links there).
import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readOrderSearch } from '@shop/contracts/admin';
import { useShopStore } from 'shell/store';
import { Page, PageHeader, Skeleton } from '@shop/ui';
import { Tabs } from '../components/tabs';
import { AdminGate } from '../features/admin-access/components/admin-gate';

// Every tab's panel (its tables, forms, dialogs and the dashboard's charts) is fetched when its tab is
// first opened: /admin ships the page and the gate, then the Dashboard, the first tab, for an admin
// (docs/design.md §10). The chart library comes with the Dashboard's chunk only.
const DashboardPanel = lazy(() =>
  import('../features/dashboard/components/dashboard-panel').then((m) => ({
    default: m.DashboardPanel,
  })),
);
const DiscountCodesPanel = lazy(() =>
  import('../features/discount-codes/components/discount-codes-panel').then((m) => ({
    default: m.DiscountCodesPanel,
  })),
);
const ExportsPanel = lazy(() =>
  import('../features/exports/components/exports-panel').then((m) => ({
    default: m.ExportsPanel,
  })),
);
const CustomersPanel = lazy(() =>
  import('../features/customers/components/customers-panel').then((m) => ({
    default: m.CustomersPanel,
  })),
);
const OrdersPanel = lazy(() =>
  import('../features/orders/components/orders-panel').then((m) => ({ default: m.OrdersPanel })),
);
const OrderDetailsDialog = lazy(() =>
  import('../features/orders/components/order-details-dialog').then((m) => ({
    default: m.OrderDetailsDialog,
  })),
);

/** An order's dialog opened from a customer's orders: the Orders tab's own, fetched on first use. */
function CustomerOrderDialog(props: ComponentProps<typeof OrderDetailsDialog>) {
  return (
    <Suspense fallback={null}>
      <OrderDetailsDialog {...props} />
    </Suspense>
  );
}
const EnquiriesPanel = lazy(() =>
  import('../features/enquiries/components/enquiries-panel').then((m) => ({
    default: m.EnquiriesPanel,
  })),
);
const OutboxPanel = lazy(() =>
  import('../features/outbox/components/outbox-panel').then((m) => ({ default: m.OutboxPanel })),
);
const ReleasesPanel = lazy(() =>
  import('../features/releases/components/releases-panel').then((m) => ({
    default: m.ReleasesPanel,
  })),
);

/**
 * While a tab's panel is fetched: a placeholder as tall as the panel's toolbar and first rows, so the
 * page below the tabs does not jump when the panel arrives.
 */
function OnDemand({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Skeleton role="status" aria-label={`Loading ${label}`}>
          <div />
          <div />
        </Skeleton>
      }
    >
      {children}
    </Suspense>
  );
}

type AdminTab =
  | 'dashboard'
  | 'discount-codes'
  | 'customers'
  | 'orders'
  | 'exports'
  | 'enquiries'
  | 'outbox'
  | 'releases';

/** The order number an address names (`/admin?order=1042`), if it names one. */
function linkedOrderNumber(params: URLSearchParams): number | null {
  const read = readOrderSearch(params.get('order') ?? '');
  return read.kind === 'number' ? read.number : null;
}

function AdminPanel() {
  const [params, setParams] = useSearchParams();
  const linked = linkedOrderNumber(params);
  const [tab, setTab] = useState<AdminTab>(linked === null ? 'dashboard' : 'orders');
  // A link to another order followed on this page (the page stays): its tab is Orders again.
  const [shownLink, setShownLink] = useState(linked);
  if (linked !== shownLink) {
    setShownLink(linked);
    if (linked !== null) setTab('orders');
  }
  // The order's dialog closed: the address no longer names it (a reload opens the Dashboard).
  const dropLink = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('order');
        return next;
      },
      { replace: true },
    );
  return (
    <Tabs<AdminTab>
      label="Admin sections"
      value={tab}
      onValueChange={setTab}
      tabs={[
        {
          key: 'dashboard',
          label: 'Dashboard',
          panel: (
            <OnDemand label="dashboard">
              <DashboardPanel />
            </OnDemand>
          ),
        },
        {
          key: 'discount-codes',
          label: 'Discount Codes',
          panel: (
            <OnDemand label="discount codes">
              <DiscountCodesPanel />
            </OnDemand>
          ),
        },
        {
          key: 'customers',
          label: 'Customers',
          panel: (
            <OnDemand label="customers">
              <CustomersPanel OrderDialog={CustomerOrderDialog} />
            </OnDemand>
          ),
        },
        {
          key: 'orders',
          label: 'Orders',
          panel: (
            <OnDemand label="orders">
              <OrdersPanel linked={linked} onLinkClosed={dropLink} />
            </OnDemand>
          ),
        },
        {
          key: 'exports',
          label: 'Exports',
          panel: (
            <OnDemand label="exports">
              <ExportsPanel />
            </OnDemand>
          ),
        },
        {
          key: 'enquiries',
          label: 'Enquiries',
          panel: (
            <OnDemand label="enquiries">
              <EnquiriesPanel />
            </OnDemand>
          ),
        },
        {
          key: 'outbox',
          label: 'Outbox',
          panel: (
            <OnDemand label="outbox">
              <OutboxPanel />
            </OnDemand>
          ),
        },
        {
          key: 'releases',
          label: 'Releases',
          panel: (
            <OnDemand label="releases">
              <ReleasesPanel />
            </OnDemand>
          ),
        },
      ]}
    />
  );
}

export default function AdminPage() {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <Page data-remote="admin" data-session-id={sessionId} aria-labelledby="admin-heading">
      <PageHeader>
        <h1 id="admin-heading">Admin Panel</h1>
        <p>
          How the shop is doing; discount codes, customer accounts, orders, exports, enquiries and
          the shop's email.
        </p>
      </PageHeader>
      <AdminGate>
        <AdminPanel />
      </AdminGate>
    </Page>
  );
}
