import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient, useShopStore } from 'shell/store';
import { ConfiguratorColumn, ConfiguratorIntro } from '@shop/ui';
import { Configurator } from '../features/configurator/components/configurator';
import { LiteratureSection } from '../features/literature/components/literature-section';
import { BUILD_LABEL } from './build-label';

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
      <ConfiguratorColumn
        data-remote="configurator"
        data-session-id={sessionId}
        aria-labelledby="configurator-heading"
      >
        {/* The shell's skeleton of /products draws the same intro (@shop/ui's configurator-intro). */}
        <ConfiguratorIntro
          headingId="configurator-heading"
          eyebrowExtra={BUILD_LABEL && <span data-build-label> · {BUILD_LABEL}</span>}
        />
        <Configurator />
        <LiteratureSection />
      </ConfiguratorColumn>
    </QueryClientProvider>
  );
}
