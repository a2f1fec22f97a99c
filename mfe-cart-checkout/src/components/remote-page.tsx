import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useShopStore } from 'shell/store';
import { Page, PageHeader } from '@shop/ui';

const CenteredHeader = styled(PageHeader)`
  text-align: center;
`;

interface RemotePageProps {
  title: string;
  intro?: ReactNode;
  /** For a single centred card (the confirmation): the title sits over it. */
  centered?: boolean;
  children: ReactNode;
}

/**
 * The root of every page this remote exposes (the kit's Page and PageHeader): the shell (and e2e
 * tests) find the remote by data-remote, and data-session-id shows which guest session the page serves.
 */
export function RemotePage({ title, intro, centered = false, children }: RemotePageProps) {
  const sessionId = useShopStore((s) => s.sessionId);
  const Header = centered ? CenteredHeader : PageHeader;
  return (
    <Page
      data-remote="cart_checkout"
      data-session-id={sessionId}
      aria-labelledby="cart-checkout-page-title"
    >
      <Header>
        <h1 id="cart-checkout-page-title">{title}</h1>
        {intro && <p>{intro}</p>}
      </Header>
      {children}
    </Page>
  );
}
