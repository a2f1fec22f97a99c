// Standalone page for this remote's team. The store is the shell's (remotes never bundle it): the
// page's first script is the shell's container (/shell/remoteEntry.js), which is joined to this page's
// federation runtime here and puts the store in the share scope; the page then boots behind an async
// boundary so shared singletons resolve first.
import { joinShellContainer } from '@shop/ui/federation';

void joinShellContainer().then(() => import('./bootstrap'));
