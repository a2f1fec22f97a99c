import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@shop/ui';
import { AuthDialogSlot } from '../../features/account/components/auth-dialog-slot';
import { Toaster } from '../../features/toasts/components/toaster';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { usePreloadNext } from './use-preload-next';
import { useRouteFocus } from './use-route-focus';

const MAIN_ID = 'main';

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
  z-index: 200;
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
  return (
    <Page>
      <SkipLink href={`#${MAIN_ID}`}>Skip to main content</SkipLink>
      <SiteHeader />
      <Main id={MAIN_ID} tabIndex={-1}>
        {children}
      </Main>
      <SiteFooter />
      <AuthDialogSlot />
      <Toaster />
    </Page>
  );
}
