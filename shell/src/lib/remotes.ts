import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from './runtime-config';

/** Registers the page remotes from the run-time config; nothing is fetched until a route needs it. */
export function registerPageRemotes(config: RuntimeConfig): void {
  registerRemotes(Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })));
}

/** Loads `remote/Module` and hands React.lazy its default export; a failure rejects (caught by the slot). */
export async function loadRemoteComponent<P>(id: string): Promise<{ default: ComponentType<P> }> {
  const module = await loadRemote<{ default: ComponentType<P> }>(id);
  if (!module?.default) throw new Error(`Remote module ${id} is not available`);
  return { default: module.default };
}
