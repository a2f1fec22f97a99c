import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useShopStore } from 'shell/store';
import { fromMedium, theme } from '@shop/ui';

const Root = styled.section`
  width: 100%;
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 1.5rem 1rem 3rem;
  color: ${theme.colors.ink};
  ${fromMedium} {
    padding: 2.5rem 2rem 4rem;
  }
`;

const Header = styled.header<{ $centered: boolean }>`
  margin-bottom: 1.5rem;
  text-align: ${({ $centered }) => ($centered ? 'center' : 'start')};
  h1 {
    margin: 0;
    font-size: 1.75rem;
    font-weight: 800;
    letter-spacing: -0.02em;
    color: ${theme.colors.brand};
    ${fromMedium} {
      font-size: 2.125rem;
    }
  }
  p {
    margin: 0.375rem 0 0;
    color: ${theme.colors.muted};
  }
`;

interface RemotePageProps {
  title: string;
  intro?: ReactNode;
  /** For a single centred card (the confirmation): the title sits over it. */
  centered?: boolean;
  children: ReactNode;
}

/**
 * The root of every page this remote exposes: the shell (and e2e tests) find the remote by
 * data-remote, and data-session-id shows which guest session the page serves.
 */
export function RemotePage({ title, intro, centered = false, children }: RemotePageProps) {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <Root
      data-remote="cart_checkout"
      data-session-id={sessionId}
      aria-labelledby="cart-checkout-page-title"
    >
      <Header $centered={centered}>
        <h1 id="cart-checkout-page-title">{title}</h1>
        {intro && <p>{intro}</p>}
      </Header>
      {children}
    </Root>
  );
}
