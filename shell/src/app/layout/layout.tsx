import { lazy, Suspense, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useShopStore } from '../../store/session';
import { theme } from '@shop/ui';
import { AuthDialogSlot } from '../../features/account/components/auth-dialog-slot';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { usePageToasts } from './use-page-toasts';
import { usePreloadNext } from './use-preload-next';
import { useRouteFocus } from './use-route-focus';

const MAIN_ID = 'main';

const Toaster = lazy(() =>
  import('../../features/toasts/components/toaster').then((m) => ({ default: m.Toaster })),
);

/** Mounts the toaster once a toast has been raised, and keeps it from then on. */
function Toasts() {
  const raised = useShopStore((s) => s.toasts.length > 0);
  const [mounted, setMounted] = useState(false);
  if (raised && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const Main = styled.main`
  flex: 1;
  &:focus {
    outline: none;
  }
`;

const SkipLink = styled.a`
  position: absolute;
  top: 0.5rem;
  left: 0.5rem;
  z-index: ${theme.layers.skipLink};
  padding: 0.75rem 1rem;
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.brand};
  color: #fff;
  font-weight: 600;
  transform: translateY(-150%);
  &:focus {
    transform: none;
  }
`;

export function Layout({ children }: { children: ReactNode }) {
  useRouteFocus(MAIN_ID);
  usePreloadNext();
  usePageToasts();
  return (
    <Page>
      <SkipLink href={`#${MAIN_ID}`}>Skip to main content</SkipLink>
      <SiteHeader />
      <Main id={MAIN_ID} tabIndex={-1}>
        {children}
      </Main>
      <SiteFooter />
      <AuthDialogSlot />
      <Toasts />
    </Page>
  );
}
