// Standalone page for this remote's team. The store is the shell's (remotes never bundle it): the
// shell's container is loaded first, which puts the store in the share scope, and the page then boots
// behind an async boundary so shared singletons resolve first.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

registerRemotes([{ name: 'shell', entry: '/shell/remoteEntry.js' }]);
void loadRemote('shell/store').then(() => import('./bootstrap'));
