// A remote's own page for its team: the remote's pages without the shell, with the store, the query
// cache and the API client still loaded from the shell's store container (docs/architecture.md).
// Every remote's standalone entry mounts through here, so the frame around its pages is one copy.
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Link } from 'react-router-dom';
import styled from 'styled-components';
import { currentUserAnswerSchema } from '@shop/contracts';
import { apiJson, queryClient, useShopStore } from 'shell/store';
import { GlobalStyle, theme } from '../theme';

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
  z-index: ${theme.layers.toasts};
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

/** The shell's toasts are not on this page; a plain live list shows what the pages raise. */
function StandaloneToasts() {
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

/** The shell syncs the session into the store; on its own page the remote asks once. */
function useSessionUser() {
  const setUser = useShopStore((s) => s.setUser);
  useEffect(() => {
    apiJson<unknown>('/api/auth/me')
      .then((answer) => currentUserAnswerSchema.parse(answer))
      .then(setUser, () => setUser(null));
  }, [setUser]);
}

export interface StandaloneLink {
  to: string;
  label: ReactNode;
}

interface StandaloneFrameProps {
  /** Names the remote in the bar and in its landmark label. */
  title: string;
  links: StandaloneLink[];
  /** Shown at the end of the bar (the signed-in customer, a sign-in button...). */
  aside?: ReactNode;
  /** The remote's routes. */
  children: ReactNode;
}

/** The bar, the routes in a main landmark, and the toast list, with the session loaded. */
export function StandaloneFrame({ title, links, aside, children }: StandaloneFrameProps) {
  useSessionUser();
  return (
    <>
      <GlobalStyle />
      <Bar aria-label={`${title} (standalone)`}>
        <strong>{title} (standalone)</strong>
        {links.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.label}
          </Link>
        ))}
        {aside}
      </Bar>
      <main>{children}</main>
      <StandaloneToasts />
    </>
  );
}

/** Mounts a remote's standalone app into #root with the store's query cache and the page's router. */
export function mountStandalone(app: ReactNode) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>{app}</BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
