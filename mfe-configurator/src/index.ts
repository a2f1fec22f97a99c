// Standalone page for this remote's team. The store is the shell's (remotes never bundle it): the
// page's first script is the shell's container (/shell/remoteEntry.js), which is joined to this app's
// share scope here and puts the store there; the page then boots behind an async boundary so shared
// singletons resolve first.
import { initContainer } from '@shop/ui/federation';

void initContainer('shell').then(() => import('./bootstrap'));
