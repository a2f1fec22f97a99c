import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useShopStore } from 'shell/store';
import { Page, PageIntro } from '@shop/ui';

const CenteredIntro = styled(PageIntro)`
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
 * The root of every page this remote exposes (the kit's Page and PageIntro, which the shell's skeletons
 * of /cart and /checkout draw too, from @shop/ui's page tops): the shell (and e2e
 * tests) find the remote by data-remote, and data-session-id shows which guest session the page serves.
 */
export function RemotePage({ title, intro, centered = false, children }: RemotePageProps) {
  const sessionId = useShopStore((s) => s.sessionId);
  const Intro = centered ? CenteredIntro : PageIntro;
  return (
    <Page
      data-remote="cart_checkout"
      data-session-id={sessionId}
      aria-labelledby="cart-checkout-page-title"
    >
      <Intro title={title} intro={intro} headingId="cart-checkout-page-title" />
      {children}
    </Page>
  );
}
