import { useEffect } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { currentUserAnswerSchema } from '@shop/contracts';
import { apiJson, apiRequest, useShopStore } from 'shell/store';
import { Button, GlobalStyle, theme } from '@shop/ui';
import AuthDialog from './auth-dialog';
import ChangePasswordDialog from './change-password-dialog';
import OrdersPage from './orders-page';

// The remote's own page for its team: its pages and dialogs without the shell, with the store, the
// query cache and the API client still loaded from the shell's store container.

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
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);

  useEffect(() => {
    apiJson<unknown>('/api/auth/me')
      .then((answer) => currentUserAnswerSchema.parse(answer))
      .then(setUser, () => setUser(null));
  }, [setUser]);

  return (
    <>
      <GlobalStyle />
      <Bar aria-label="Account remote">
        <strong>Account remote (standalone)</strong>
        <Link to="/orders">Orders</Link>
        <Link to="/change-password">Change password</Link>
        {user ? (
          <Button
            type="button"
            $variant="secondary"
            onClick={() =>
              void apiRequest('/api/auth/logout', { method: 'POST' }).then(() => setUser(null))
            }
          >
            Sign out {user.email}
          </Button>
        ) : (
          <Button type="button" onClick={() => openAuthDialog('sign-in')}>
            Sign In
          </Button>
        )}
      </Bar>
      <Routes>
        <Route path="/orders" element={<OrdersPage />} />
        <Route path="/change-password" element={<ChangePasswordDialog />} />
        <Route path="*" element={<OrdersPage />} />
      </Routes>
      <AuthDialog />
      <ToastList />
    </>
  );
}
