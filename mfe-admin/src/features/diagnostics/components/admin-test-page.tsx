import styled from 'styled-components';
import { useShopStore } from 'shell/store';
import { Button, Page, PageHeader } from '@shop/ui';
import { useProbe } from '../api/probe';
import { Card, ProbeCard } from './probe-card';

const Toolbar = styled.div`
  margin-bottom: 1.25rem;
`;

/** /admin-test (outside production only): the raw answers the admin gate works from. */
export function AdminTestPage() {
  const sessionId = useShopStore((s) => s.sessionId);
  const user = useShopStore((s) => s.user);
  const authChecked = useShopStore((s) => s.authChecked);
  const status = useProbe('/api/admin/status');
  const me = useProbe('/api/auth/me');
  return (
    <Page data-remote="admin" data-session-id={sessionId} aria-labelledby="admin-test-heading">
      <PageHeader>
        <h1 id="admin-test-heading">Admin Test</h1>
        <p>Diagnostics for the admin gate: what the server answers and what this page believes.</p>
      </PageHeader>
      <Toolbar>
        <Button
          type="button"
          $variant="secondary"
          onClick={() => {
            void status.refetch();
            void me.refetch();
          }}
          disabled={status.isFetching || me.isFetching}
        >
          Ask again
        </Button>
      </Toolbar>
      <ProbeCard title="Admin status" result={status.data} />
      <ProbeCard title="Current user (server)" result={me.data} />
      <Card aria-label="Current user (client)">
        <h2>Current user (client)</h2>
        <p className="meta">
          From the shop's store · auth checked: {String(authChecked)} · session {sessionId}
        </p>
        <pre>{JSON.stringify(user, null, 2)}</pre>
      </Card>
    </Page>
  );
}
