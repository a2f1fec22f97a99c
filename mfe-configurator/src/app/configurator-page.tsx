import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import styled from 'styled-components';
import { queryClient, useShopStore } from 'shell/store';
import { fromMedium, theme } from '@shop/ui';
import { Configurator } from '../features/configurator/components/configurator';
import { LiteratureSection } from '../features/literature/components/literature-section';
import { BUILD_LABEL } from './build-label';

const Page = styled.section`
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 1.5rem 1.25rem 3rem;
  display: grid;
  gap: 1.5rem;
  color: ${theme.colors.ink};
  font-family: ${theme.fonts.body};
  /* The same side padding as the shell's content column, so the page lines up with its header. */
  ${fromMedium} {
    padding: 2.5rem 2rem 4rem;
  }
`;

const Intro = styled.header`
  max-width: 44rem;
  h1 {
    margin: 0 0 0.5rem;
    font-family: ${theme.fonts.heading};
    font-size: clamp(1.75rem, 4vw, 2.25rem);
    line-height: 1.15;
    color: ${theme.colors.brand};
  }
  p {
    margin: 0;
    color: ${theme.colors.muted};
    font-size: 1.0625rem;
  }
`;

const Eyebrow = styled.span`
  display: block;
  margin-bottom: 0.375rem;
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${theme.colors.accent};
`;

const PAGE_TITLE = 'Configure your label | Custom Engraved Equipment Labels';

/** `configurator/ConfiguratorPage`: the shop's /products page. */
export default function ConfiguratorPage() {
  const sessionId = useShopStore((s) => s.sessionId);
  useEffect(() => {
    document.title = PAGE_TITLE;
  }, []);
  return (
    // The shell provides the same client; providing it here as well lets the page run on its own.
    <QueryClientProvider client={queryClient}>
      <Page
        data-remote="configurator"
        data-session-id={sessionId}
        aria-labelledby="configurator-heading"
      >
        <Intro>
          <Eyebrow>
            Label configurator
            {BUILD_LABEL && <span data-build-label> · {BUILD_LABEL}</span>}
          </Eyebrow>
          <h1 id="configurator-heading">Configure Your Custom Label</h1>
          <p>
            Choose a material, set the size, colours and text, and see your price update as you go.
          </p>
        </Intro>
        <Configurator />
        <LiteratureSection />
      </Page>
    </QueryClientProvider>
  );
}
