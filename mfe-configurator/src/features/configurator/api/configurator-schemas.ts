import { useEffect, useSyncExternalStore } from 'react';
import { loadOnce } from '@shop/ui';

export type ConfiguratorSchemas = typeof import('./schemas');

const load = loadOnce(() => import('./schemas'));
const listeners = new Set<() => void>();

/**
 * The configurator's schemas (schemas.ts), loaded once, when the shopper starts on the form or a
 * call needs them, so the page's first render evaluates no zod (docs/design.md, "The configurator's
 * first render runs no zod"). A failed load is tried again by the next call.
 */
export async function configuratorSchemas(): Promise<ConfiguratorSchemas> {
  const schemas = await load();
  listeners.forEach((listener) => listener());
  return schemas;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The schemas for a render: undefined until they are loaded. `work` is what the shopper is working
 * on (the draft), or null before they start; each new value starts the load if it has not finished,
 * so a load that failed is tried again on the shopper's next change.
 */
export function useConfiguratorSchemas(work: unknown): ConfiguratorSchemas | undefined {
  const schemas = useSyncExternalStore(subscribe, load.loaded);
  useEffect(() => {
    if (work === null || load.loaded()) return;
    configuratorSchemas().catch(() => {
      // Not reachable now: the next change tries again, and Add to Cart says it failed.
    });
  }, [work]);
  return schemas;
}
