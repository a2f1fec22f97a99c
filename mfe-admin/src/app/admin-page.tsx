// Exposed as admin/AdminPage: the shell mounts it at /admin.
import { useState } from 'react';
import { useShopStore } from 'shell/store';
import { Page, PageHeader } from '@shop/ui';
import { Tabs } from '../components/tabs';
import { AdminGate } from '../features/admin-access/components/admin-gate';
import { CustomersPanel } from '../features/customers/components/customers-panel';
import { DiscountCodesPanel } from '../features/discount-codes/components/discount-codes-panel';
import { EnquiriesPanel } from '../features/enquiries/components/enquiries-panel';
import { OrdersPanel } from '../features/orders/components/orders-panel';
import { OutboxPanel } from '../features/outbox/components/outbox-panel';
import { ReleasesPanel } from '../features/releases/components/releases-panel';

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
        { key: 'customers', label: 'Customers', panel: <CustomersPanel /> },
        { key: 'orders', label: 'Orders', panel: <OrdersPanel /> },
        { key: 'enquiries', label: 'Enquiries', panel: <EnquiriesPanel /> },
        { key: 'outbox', label: 'Outbox', panel: <OutboxPanel /> },
        { key: 'releases', label: 'Releases', panel: <ReleasesPanel /> },
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
