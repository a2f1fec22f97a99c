// Exposed as admin/AdminPage: the shell mounts it at /admin.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useShopStore } from 'shell/store';
import { Page, PageHeader, Skeleton } from '@shop/ui';
import { Tabs } from '../components/tabs';
import { AdminGate } from '../features/admin-access/components/admin-gate';
import { DiscountCodesPanel } from '../features/discount-codes/components/discount-codes-panel';

// The default tab ships with the page; every other tab's panel (its tables, forms and dialogs) is
// fetched when its tab is first opened, so /admin's first render carries the shell of the page and the
// Discount Codes tab only (docs/design.md §10).
const CustomersPanel = lazy(() =>
  import('../features/customers/components/customers-panel').then((m) => ({
    default: m.CustomersPanel,
  })),
);
const OrdersPanel = lazy(() =>
  import('../features/orders/components/orders-panel').then((m) => ({ default: m.OrdersPanel })),
);
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

type AdminTab = 'discount-codes' | 'customers' | 'orders' | 'enquiries' | 'outbox' | 'releases';

function AdminPanel() {
  const [tab, setTab] = useState<AdminTab>('discount-codes');
  return (
    <Tabs<AdminTab>
      label="Admin sections"
      value={tab}
      onValueChange={setTab}
      tabs={[
        { key: 'discount-codes', label: 'Discount Codes', panel: <DiscountCodesPanel /> },
        {
          key: 'customers',
          label: 'Customers',
          panel: (
            <OnDemand label="customers">
              <CustomersPanel />
            </OnDemand>
          ),
        },
        {
          key: 'orders',
          label: 'Orders',
          panel: (
            <OnDemand label="orders">
              <OrdersPanel />
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
        <p>Manage discount codes, customer accounts, orders, enquiries and the shop's email.</p>
      </PageHeader>
      <AdminGate>
        <AdminPanel />
      </AdminGate>
    </Page>
  );
}
