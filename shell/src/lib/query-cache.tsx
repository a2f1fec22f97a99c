// A remote's page or dialog renders inside the page's one query cache, so react-query's hooks find it
// in context (useQueryClient). This module, the store module and react-query load with the first
// remote, never on the landing page (docs/design.md section 10).
import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from 'shell/store';

export function withQueryCache<P extends object>(Remote: ComponentType<P>): ComponentType<P> {
  function InQueryCache(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Remote {...props} />
      </QueryClientProvider>
    );
  }
  return InQueryCache;
}
