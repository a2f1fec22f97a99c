// The page remotes, through the federation runtime of @module-federation/enhanced (docs/design.md
// section 10): the remotes /config.json names (the release registry's live or previewed release of each,
// or its REMOTE_*_URL) are registered with the runtime at start; a runtime plugin refuses a release
// that does not fit this shell before anything of it is fetched, and turns a remote that cannot be
// loaded into its slot's fallback (`errorLoadRemote`); a remote's page is fetched ahead (its entry and
// the page's files, from its mf-manifest.json) without running any of it.
import { createElement, type ComponentType } from 'react';
import {
  getInstance,
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { runtimeConfig, type RemoteName } from './runtime-config';

/** The parts of a remote's mf-manifest.json (@module-federation/enhanced's) the shell reads. */
export interface RemoteManifest {
  /** `sync`: the files an exposed module runs with; `async`: those it loads later, when asked. */
  exposes: { path: string; assets: { js: { sync: string[]; async?: string[] } } }[];
}

/** The remote's manifest URL from /config.json (a release's, or REMOTE_*_URL). */
function manifestUrl(remote: RemoteName): string {
  return runtimeConfig().remotes[remote];
}

/**
 * A remote's build writes remoteEntry.js next to its mf-manifest.json, so the runtime is given the
 * entry itself: the page does not wait for the manifest before the entry (one request fewer in the
 * chain before a remote's page).
 */
export function remoteEntryUrl(manifest: string): string {
  return new URL('remoteEntry.js', manifest).href;
}

/** `cart_checkout/CartPage` -> `cart_checkout`. */
export function remoteOf(id: string): string {
  return id.slice(0, id.indexOf('/'));
}

/**
 * What a slot shows in place of a remote module that cannot be used: the error says why (a refused
 * release, a remote that is down). Registered by the slot before it loads the module.
 */
export type RemoteFallback = ComponentType<{ error: unknown }>;
const fallbacks = new Map<string, RemoteFallback>();

/**
 * The shop's runtime plugin. `check` refuses a remote's release before anything of it is fetched
 * (throwing sends the request to errorLoadRemote); a module with a fallback registered resolves to
 * that fallback, drawn with the error, so its route shows "unavailable" and the rest of the page works.
 * A module without one (a dialog) rejects, for its own error boundary. A failed entry is not kept by
 * the runtime: the next visit of the route tries the remote again.
 */
export function shopRuntimePlugin(check: (remote: string) => void): ModuleFederationRuntimePlugin {
  // The runtime hands errorLoadRemote its own error in place of one thrown by a hook: the refusal
  // itself (a RemoteSkewError, which the fallback names) is kept here by module id.
  const refusals = new Map<string, unknown>();
  return {
    name: 'shop-release-gateway',
    beforeRequest(args) {
      try {
        check(remoteOf(args.id));
      } catch (refusal) {
        refusals.set(args.id, refusal);
        throw refusal;
      }
      return args;
    },
    // A remote's entry is fetched with CORS, as its chunks are: the service worker sees its status.
    createScript({ url }) {
      return remoteScript(url);
    },
    errorLoadRemote({ id, error, lifecycle }) {
      // A refusal in beforeRequest is answered again as the load's failure ('onLoad'): one answer.
      if (lifecycle !== 'onLoad') return undefined;
      const cause = refusals.get(id) ?? error;
      refusals.delete(id);
      const fallback = fallbacks.get(id);
      console.warn(`The remote module ${id} could not be loaded`, cause);
      if (!fallback) return undefined;
      return { default: () => createElement(fallback, { error: cause }) };
    },
  };
}

/**
 * A <script> for a remote's file: remotes live on their own origins, which answer with CORS
 * (scripts/lib/static-server.mjs), so it is fetched as a CORS request and its status can be read.
 */
export function remoteScript(url: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.crossOrigin = 'anonymous';
  script.src = url;
  return script;
}

/** The release check the registered plugin applies (the runtime keeps one plugin of a name). */
let releaseCheck: (remote: string) => void = () => {};
let pluginRegistered = false;

/**
 * Registers every remote of /config.json with the page's federation runtime (replacing any earlier
 * registration of the same name, and what was loaded from it), and the shop's plugin with `check` as
 * its release gate. Called once the run-time config is read, before any remote is loaded.
 */
export function registerShopRemotes(check: (remote: string) => void): void {
  if (!getInstance()) throw new Error('No federation runtime on the page');
  releaseCheck = check;
  if (!pluginRegistered) {
    registerPlugins([shopRuntimePlugin((remote) => releaseCheck(remote))]);
    pluginRegistered = true;
  }
  registerRemotes(
    Object.entries(runtimeConfig().remotes).map(([name, manifest]) => ({
      name,
      entry: remoteEntryUrl(manifest),
    })),
    { force: true },
  );
}

/**
 * Runs an exposed module of a remote (`cart_checkout/CartPage`) and answers its exports: the remote's
 * or, when it was refused or could not be loaded, `fallback` drawn with the error.
 */
export async function loadRemoteModule<T>(id: string, fallback?: RemoteFallback): Promise<T> {
  if (fallback) fallbacks.set(id, fallback);
  const module = await loadRemote<T>(id);
  if (module == null) throw new Error(`Remote module ${id} is not available`);
  return module;
}

const manifests = new Map<RemoteName, Promise<RemoteManifest>>();
const preloaded = new Set<string>();

function parseManifest(answer: unknown): RemoteManifest {
  const exposes = (answer as { exposes?: unknown } | null)?.exposes;
  const valid =
    Array.isArray(exposes) &&
    exposes.every(
      (e: { path?: unknown; assets?: { js?: { sync?: unknown; async?: unknown } } }) =>
        typeof e?.path === 'string' &&
        Array.isArray(e.assets?.js?.sync) &&
        e.assets.js.sync.every((file) => typeof file === 'string') &&
        (e.assets.js.async === undefined ||
          (Array.isArray(e.assets.js.async) &&
            e.assets.js.async.every((file) => typeof file === 'string'))),
    );
  if (!valid) throw new Error('Not a remote manifest');
  return { exposes: exposes as RemoteManifest['exposes'] };
}

/** A remote's manifest, read once; a failed read is forgotten, so a remote that was down is asked again. */
function manifest(remote: RemoteName): Promise<RemoteManifest> {
  let pending = manifests.get(remote);
  if (!pending) {
    pending = (async () => {
      const response = await fetch(manifestUrl(remote));
      if (!response.ok) throw new Error(`${remote} manifest: ${response.status}`);
      return parseManifest(await response.json());
    })();
    manifests.set(remote, pending);
    pending.catch(() => manifests.delete(remote));
  }
  return pending;
}

/** Whether the page's HTML names href as a preload already (shell/scripts/remote-hints.mjs). */
function preloadedByPage(href: string): boolean {
  return [
    ...document.querySelectorAll<HTMLLinkElement>(
      'link[rel="preload"][as="script"], link[rel="prefetch"][as="script"]',
    ),
  ].some((link) => link.href === href);
}

/**
 * Fetches a script into the cache without running it (the later <script> of the same URL uses it):
 * `preload` for a page being opened, `prefetch` for one a shopper may open next, which the browser
 * fetches at low priority and keeps without warning that it was "preloaded but not used".
 */
function preloadScript(href: string, rel: 'preload' | 'prefetch') {
  if (preloaded.has(href)) return;
  preloaded.add(href);
  if (preloadedByPage(href)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.as = 'script';
  // As the script that runs it will be fetched (remoteScript, webpack's crossOriginLoading).
  link.crossOrigin = 'anonymous';
  link.href = href;
  document.head.append(link);
}

/**
 * Fetches a remote's entry and the files of one exposed module (`./CartPage`) ahead, running none of
 * them. `ahead`: for a page the shopper may open next (prefetched), not the one being opened. `lazy`:
 * the files the module loads later too (prefetched: the schemas a page runs on its first change).
 * Rejects when the manifest cannot be read.
 */
export async function preloadExposed(
  remote: RemoteName,
  expose: string,
  { ahead = false, lazy = false }: { ahead?: boolean; lazy?: boolean } = {},
): Promise<void> {
  const rel = ahead ? 'prefetch' : 'preload';
  const url = manifestUrl(remote);
  preloadScript(remoteEntryUrl(url), rel);
  const { exposes } = await manifest(remote);
  const { sync = [], async: later = [] } = exposes.find((e) => e.path === expose)?.assets.js ?? {};
  for (const file of sync) preloadScript(new URL(file, url).href, rel);
  if (lazy) for (const file of later) preloadScript(new URL(file, url).href, 'prefetch');
}

/** Forgets the manifests read, the files fetched ahead and the fallbacks (unit tests). */
export function resetFederation() {
  manifests.clear();
  preloaded.clear();
  fallbacks.clear();
}
