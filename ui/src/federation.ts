// Joining a webpack container (a remote's remoteEntry.js, or the shell's on a remote's standalone
// page) to this app's shared libraries, with webpack's own federation runtime (docs/design.md section
// 10). Built into the shell (page remotes) and each remote (its standalone page): one copy of the code.
// It imports nothing shared, so a standalone entry can use it before its async boundary.

/** What a container script (remoteEntry.js) puts on the page under its name. */
export interface FederatedContainer {
  init(shareScope: unknown): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

// webpack's run-time globals, replaced at build time in whichever app this file is built into.
declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

/** Every app provides and consumes its singletons in this one scope. */
const SHARE_SCOPE = 'default';

/** Adds a classic script; resolves once it has run, rejects (and removes it) when it cannot load. */
export function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${url}`));
    };
    document.head.append(script);
  });
}

/**
 * The container a script put on the page under `name`, initialised with this app's share scope: it
 * adds its shared libraries there and takes the ones already loaded (a singleton keeps the copy the
 * page already runs, so there is one React and one store).
 */
export async function initContainer(name: string): Promise<FederatedContainer> {
  const container = (window as unknown as Record<string, FederatedContainer | undefined>)[name];
  if (!container || typeof container.get !== 'function' || typeof container.init !== 'function')
    throw new Error(`The ${name} container is not on the page`);
  await __webpack_init_sharing__(SHARE_SCOPE);
  await container.init(__webpack_share_scopes__[SHARE_SCOPE]);
  return container;
}
