import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { getGuestSessionId, useShopStore } from '../../../store/session';
import { Button, Container, theme } from '@shop/ui';
import { useDocumentTitle } from '../../../components/use-document-title';

const Page = styled(Container)`
  padding-top: 2.5rem;
  padding-bottom: 4rem;
  h1 {
    margin: 0 0 0.5rem;
    color: ${theme.colors.brand};
  }
  > p {
    margin: 0 0 1.5rem;
    color: ${theme.colors.muted};
  }
`;

const Grid = styled.div`
  display: grid;
  gap: 1.25rem;
  @media (min-width: 960px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Block = styled.section`
  min-width: 0;
  padding: 1.25rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.0625rem;
  }
  pre {
    margin: 0;
    padding: 0.875rem;
    overflow: auto;
    border-radius: ${theme.radiusSmall};
    background: #0f172a;
    color: #e2e8f0;
    font-size: 0.8125rem;
    white-space: pre-wrap;
    word-break: break-word;
  }
`;

interface AuthProbe {
  status: number | null;
  body: string;
  at: string;
}

async function probeAuth(): Promise<AuthProbe> {
  const at = new Date().toISOString();
  try {
    // The raw answer, not the API client's parsed one: this page is for seeing what the server says.
    const response = await fetch('/api/auth/me', {
      credentials: 'include',
      headers: { 'x-session-id': getGuestSessionId() },
    });
    const text = await response.text();
    let body = text;
    try {
      body = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // not JSON: shown as it came
    }
    return { status: response.status, body, at };
  } catch (error) {
    return { status: null, body: error instanceof Error ? error.message : String(error), at };
  }
}

/** Development page: what the server and the client each believe about the session. */
export function DebugSessionPage() {
  useDocumentTitle('Debug session');
  const user = useShopStore((s) => s.user);
  const authChecked = useShopStore((s) => s.authChecked);
  const sessionId = useShopStore((s) => s.sessionId);
  const cart = useShopStore((s) => s.cart);
  const [probe, setProbe] = useState<AuthProbe | null>(null);
  const [cookies, setCookies] = useState('');

  const refresh = useCallback(() => {
    setCookies(document.cookie);
    void probeAuth().then(setProbe);
  }, []);

  useEffect(refresh, [refresh]);

  return (
    <Page>
      <h1>Debug session</h1>
      <p>
        Not available in production. Checked at{' '}
        <time dateTime={probe?.at} data-testid="debug-timestamp">
          {probe?.at ?? '…'}
        </time>
        .
      </p>
      <Button type="button" onClick={refresh} style={{ marginBottom: '1.25rem' }}>
        Check again
      </Button>
      <Grid>
        <Block aria-labelledby="debug-auth-response">
          <h2 id="debug-auth-response">
            Auth response (GET /api/auth/me{probe?.status != null ? `, ${probe.status}` : ''})
          </h2>
          <pre data-testid="debug-auth-response">{probe ? probe.body : 'Loading…'}</pre>
        </Block>
        <Block aria-labelledby="debug-client-state">
          <h2 id="debug-client-state">Client auth state</h2>
          <pre data-testid="debug-client-state">
            {JSON.stringify({ authChecked, user, sessionId, cart }, null, 2)}
          </pre>
        </Block>
        <Block aria-labelledby="debug-cookies">
          <h2 id="debug-cookies">Cookies (document.cookie)</h2>
          <pre data-testid="debug-cookies">
            {cookies || '(none readable by scripts; the session cookie is httpOnly)'}
          </pre>
        </Block>
        <Block aria-labelledby="debug-storage">
          <h2 id="debug-storage">Guest session (localStorage guest-session-id)</h2>
          <pre>{localStorage.getItem('guest-session-id') ?? '(none)'}</pre>
        </Block>
      </Grid>
    </Page>
  );
}
