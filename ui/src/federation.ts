// A remote's standalone page joins the shell's container with the federation runtime of
// @module-federation/enhanced (docs/design.md section 10): the page's first script is the shell's
// container entry (/shell/remoteEntry.js), which puts the runtime on the page and the store in the
// share scope once it is initialised. Built into each remote's standalone entry; it imports nothing
// shared, so the entry can run it before its async boundary.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/** The shell's container, as every app's webpack config names it (webpack-config/index.js). */
const SHELL_CONTAINER = 'shell';
const SHELL_ENTRY = '/shell/remoteEntry.js';

/**
 * Registers the shell's container with this page's federation runtime and initialises it with the
 * page's share scope: the shell adds its shared libraries and the store there, so the remote's own
 * imports of `shell/store` (consumed, never bundled) find the one store. Rejects when the shell's
 * container cannot be loaded.
 */
export async function joinShellContainer(): Promise<void> {
  registerRemotes([{ name: SHELL_CONTAINER, entry: SHELL_ENTRY }]);
  const store = await loadRemote(`${SHELL_CONTAINER}/store`);
  if (!store) throw new Error('The shell container did not provide its store');
}
