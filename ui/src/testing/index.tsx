// The test helpers every app's unit tests use: a fresh store and query cache per test, the fetch stub
// that answers by "METHOD /path", one render helper with the store's providers and a router, and the
// fixtures most tests need. Only tests import this entry (it imports vitest).
import type { ReactElement, ReactNode } from 'react';
import { cleanup, render, screen, waitFor, type RenderResult } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient, useShopStore } from 'shell/store';
import type { Toast } from '@shop/contracts/shop-store';

// Vitest runs without globals, so Testing Library cannot unmount by itself between tests.
afterEach(() => cleanup());

// jsdom lacks what Radix calls on pointer events and focus moves; the calls only need to exist.
const jsdomGaps: Record<string, () => unknown> = {
  hasPointerCapture: () => false,
  setPointerCapture: () => {},
  releasePointerCapture: () => {},
  scrollIntoView: () => {},
};
for (const [name, stub] of Object.entries(jsdomGaps)) {
  if (!(name in Element.prototype))
    Object.defineProperty(Element.prototype, name, {
      value: stub,
      configurable: true,
      writable: true,
    });
}
// jsdom's own scrollTo only reports "not implemented".
window.scrollTo = () => {};

const initialStoreState = useShopStore.getState();

/** Puts the store, the query cache and the tab's session storage back to a fresh page's. */
export function resetShop(): void {
  cleanup();
  useShopStore.setState(initialStoreState, true);
  queryClient.clear();
  sessionStorage.clear();
}

export type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

/**
 * Each test starts from a fresh store and query cache with fetch stubbed by a bare mock (answers are
 * queued with mockResolvedValueOnce); returns a getter for the current test's mock.
 */
export function setupShopTests(): () => FetchMock {
  // These tests type into forms key by key; on a busy machine the default 5 s is too tight.
  vi.setConfig({ testTimeout: 20_000 });
  let fetchMock: FetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetShop();
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return () => fetchMock;
}

export interface ApiCall {
  /** "METHOD /path", without the query string. */
  key: string;
  method: string;
  /** The path with its query string. */
  path: string;
  /** The JSON body parsed, or the FormData as sent. */
  body: unknown;
  init: RequestInit;
}

export interface ApiAnswer {
  status?: number;
  json?: unknown;
  text?: string;
}

export type ApiRoute =
  ApiAnswer | ((call: ApiCall) => Response | ApiAnswer | Promise<Response | ApiAnswer>);

function toResponse(answer: Response | ApiAnswer): Response {
  if (answer instanceof Response) return answer;
  const status = answer.status ?? 200;
  const text = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
  return new Response(status === 204 ? null : text, {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Stubs fetch with an answer per "METHOD /path" (a path with a query matches its own key first, then
 * the bare path); unknown calls answer 404 in the API's format. Returns the calls made, in order, and
 * the mock itself.
 */
export function stubApi(routes: Record<string, ApiRoute>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://shop.test');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call: ApiCall = {
      key: `${method} ${url.pathname}`,
      method,
      path: `${url.pathname}${url.search}`,
      body,
      init,
    };
    calls.push(call);
    const route =
      routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (!route) return toResponse({ status: 404, json: { message: 'Not found' } });
    return toResponse(typeof route === 'function' ? await route(call) : route);
  });
  vi.stubGlobal('fetch', fetchMock);
  // Not enumerable, so `expect(calls).toEqual([...])` compares the calls only.
  return Object.defineProperty(calls, 'fetchMock', {
    value: fetchMock,
    enumerable: false,
  }) as ApiCall[] & {
    fetchMock: typeof fetchMock;
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The body sent with the n-th fetch call (the last by default), parsed. */
export function sentBody(fetchMock: FetchMock, call = -1): unknown {
  const init = fetchMock.mock.calls.at(call)?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

/** Shows the current path, so tests can check where a link or a navigation went. */
function LocationProbe() {
  const { pathname, hash } = useLocation();
  return <div data-testid="location">{`${pathname}${hash}`}</div>;
}

export interface RenderPageOptions {
  /** The URL the page starts at. */
  path?: string;
  /** The route the element is mounted on; other paths render nothing. Default: every path. */
  routePath?: string;
  /** Providers of the app around the router (the shell's run-time config, for one). */
  wrapper?: (props: { children: ReactNode }) => ReactElement;
  /** The history entry's state, as a `navigate(path, { state })` from another page leaves it. */
  state?: unknown;
}

/**
 * The one render helper: the element inside the page's query cache, at `path`, with a probe
 * (`data-testid="location"`) showing where navigation went. The router follows jsdom's own URL and
 * history, as it follows the browser's in the shop, so history state and #fragments behave as there.
 */
export function renderPage(
  ui: ReactElement,
  { path = '/', routePath = '*', wrapper: Wrapper, state }: RenderPageOptions = {},
): RenderResult {
  // react-router keeps a navigation's state under `usr`.
  window.history.replaceState(
    state === undefined ? null : { usr: state, key: 'test', idx: 0 },
    '',
    path,
  );
  const tree = (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route path={routePath} element={ui} />
        </Routes>
        <LocationProbe />
      </BrowserRouter>
    </QueryClientProvider>
  );
  return render(Wrapper ? <Wrapper>{tree}</Wrapper> : tree);
}

/** The toast showing now, as the shell's toaster would show it. */
export function lastToast(): Toast | undefined {
  return useShopStore.getState().toasts[0];
}

/** Every toast raised from now on (the store shows one at a time; this keeps them all). */
export function collectToasts(): Toast[] {
  const raised: Toast[] = [];
  const seen = new Set<number>();
  useShopStore.subscribe((state) => {
    for (const toast of state.toasts) {
      if (!seen.has(toast.id)) {
        seen.add(toast.id);
        raised.push(toast);
      }
    }
  });
  return raised;
}

export { TEST_USER } from './fixtures';

/**
 * The open dialog of this name once it takes pointer input. Radix turns the page's pointer events off
 * as a modal dialog mounts and turns the dialog's own on a render later, so a click in between (a
 * user-event with no delay, on a busy machine) meets `pointer-events: none` and fails.
 */
export async function openedDialog(
  name: string,
  role: 'dialog' | 'alertdialog' = 'dialog',
): Promise<HTMLElement> {
  const dialog = await screen.findByRole(role, { name });
  await waitFor(() => {
    if (dialog.style.pointerEvents !== 'auto')
      throw new Error(`The ${role} "${name}" does not take pointer input yet`);
  });
  return dialog;
}
