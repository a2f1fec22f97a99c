import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useShopStore } from 'shell/store';
import { Page, PageHeader, theme } from '@shop/ui';
import { useProbe } from '../api/probe';
import { Card } from './probe-card';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.5rem 1.5rem;
  margin: 0;
  dt {
    color: ${theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Links = styled.p`
  display: flex;
  gap: 1.25rem;
  margin: 1.25rem 0 0;
  a {
    color: ${theme.colors.brand};
    font-weight: 600;
  }
`;

function adminAnswer(result: ReturnType<typeof useProbe>): string {
  if (!result.data) return 'Checking…';
  const body = result.data.body as { isAdmin?: unknown } | null;
  if (result.data.status === 200 && body && typeof body.isAdmin === 'boolean')
    return body.isAdmin ? 'Yes' : 'No';
  return `No (HTTP ${result.data.status ?? 'no answer'})`;
}

/** /admin-simple (outside production only): a plain yes/no on admin access, with no panel around it. */
export function AdminSimplePage() {
  const sessionId = useShopStore((s) => s.sessionId);
  const user = useShopStore((s) => s.user);
  const status = useProbe('/api/admin/status');
  return (
    <Page data-remote="admin" data-session-id={sessionId} aria-labelledby="admin-simple-heading">
      <PageHeader>
        <h1 id="admin-simple-heading">Admin Simple</h1>
        <p>A minimal check of admin access.</p>
      </PageHeader>
      <Card aria-label="Admin access">
        <Facts>
          <dt>Signed in as</dt>
          <dd>{user ? user.email : 'Not signed in'}</dd>
          <dt>Admin (client)</dt>
          <dd>{user?.isAdmin ? 'Yes' : 'No'}</dd>
          <dt>Admin (server)</dt>
          <dd>{adminAnswer(status)}</dd>
        </Facts>
        <Links>
          <Link to="/admin">Admin Panel</Link>
          <Link to="/admin-setup">Admin Setup</Link>
        </Links>
      </Card>
    </Page>
  );
}
