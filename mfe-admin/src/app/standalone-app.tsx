import { useEffect } from 'react';
import { Link, Navigate, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { currentUserAnswerSchema } from '@shop/contracts';
import { apiJson, useShopStore } from 'shell/store';
import { GlobalStyle, theme } from '@shop/ui';
import AdminPage from './admin-page';
import AdminSetupPage from './admin-setup-page';
import AdminSimplePage from './admin-simple-page';
import AdminTestPage from './admin-test-page';

// The remote's own page for its team: its pages without the shell, with the store, the query cache and
// the API client still loaded from the shell's store container. Signing in happens in the shop itself
// (the account remote's dialog); the session cookie is the same here.

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1.25rem;
  padding: 0.75rem 1.25rem;
  border-bottom: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  strong {
    margin-right: auto;
    color: ${theme.colors.brand};
  }
  a {
    color: ${theme.colors.brand};
    font-weight: 600;
  }
  span {
    color: ${theme.colors.muted};
    font-size: 0.9rem;
  }
`;

const Toasts = styled.ol`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: 100;
  display: grid;
  gap: 0.5rem;
  max-width: 420px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 0.75rem 1rem;
    border-radius: ${theme.radius};
    background: ${theme.colors.brand};
    color: #fff;
    box-shadow: ${theme.shadowRaised};
  }
  li[data-variant='destructive'] {
    background: ${theme.colors.danger};
  }
  p {
    margin: 0.25rem 0 0;
  }
`;

function ToastList() {
  const toasts = useShopStore((s) => s.toasts).filter((t) => t.open);
  return (
    <Toasts aria-live="polite">
      {toasts.map((t) => (
        <li key={t.id} data-variant={t.variant ?? 'default'}>
          <strong>{t.title}</strong>
          {t.description && <p>{t.description}</p>}
        </li>
      ))}
    </Toasts>
  );
}

export function StandaloneApp() {
  const user = useShopStore((s) => s.user);
  const setUser = useShopStore((s) => s.setUser);

  useEffect(() => {
    apiJson<unknown>('/api/auth/me')
      .then((answer) => currentUserAnswerSchema.parse(answer))
      .then(setUser, () => setUser(null));
  }, [setUser]);

  return (
    <>
      <GlobalStyle />
      <Bar aria-label="Admin remote">
        <strong>Admin remote (standalone)</strong>
        <Link to="/admin">Admin</Link>
        <Link to="/admin-setup">Setup</Link>
        <Link to="/admin-test">Test</Link>
        <Link to="/admin-simple">Simple</Link>
        <span>{user ? user.email : 'Signed out: sign in on the shop'}</span>
      </Bar>
      <Routes>
        <Route path="/admin" element={<AdminPage />} />
        <Route path="/admin-setup" element={<AdminSetupPage />} />
        <Route path="/admin-test" element={<AdminTestPage />} />
        <Route path="/admin-simple" element={<AdminSimplePage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
      <ToastList />
    </>
  );
}
