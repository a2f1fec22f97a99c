import type { ApiErrorBody, ApiRequestOptions } from '@shop/contracts';
import { getGuestSessionId } from './guest-session';
import { loadParsers } from './load-parsers';
import { useShopStore } from './shop-store';

/**
 * A non-ok answer. The body is read once, here: `serverMessage` and `fieldErrors` come from the API's
 * JSON error format `{ message, errors?: [{ path, message }] }` (undefined and {} for anything else,
 * such as a proxy's HTML page). `message` stays "{status}: {body text or status text}". The body comes
 * parsed (apiRequest parses it with the contracts' schema, in the lazily loaded parsers chunk); without
 * one, the error carries no server message.
 */
export class ApiError extends Error {
  /** The API's own words, when the body is its JSON error. */
  readonly serverMessage: string | undefined;
  /** The first problem of each top-level field the API named. */
  readonly fieldErrors: Record<string, string>;

  constructor(
    readonly status: number,
    readonly bodyText: string,
    body: ApiErrorBody | null = null,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
    this.serverMessage = body?.message.trim() ? body.message : undefined;
    this.fieldErrors = {};
    for (const { path, message } of body?.errors ?? []) {
      const field = path.split('.')[0];
      if (field && !(field in this.fieldErrors)) this.fieldErrors[field] = message;
    }
  }
}

/** The API's message of a failed call, or undefined (a network failure, an HTML error page). */
export function apiErrorMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** The HTTP status of a failed call, or undefined when it never got an answer. */
export function apiErrorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** The field problems the API listed for a failed call ({} when none). */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors : {};
}

let sessionCheck: Promise<void> | undefined;

/** Whether GET /api/auth/me answers a guest's null (false when it answers anything else, or not). */
async function signedOutOnServer(): Promise<boolean> {
  const response = await fetch('/api/auth/me', {
    credentials: 'include',
    headers: { 'x-session-id': getGuestSessionId() },
  });
  return response.ok && (await response.json()) === null;
}

/**
 * A 401 to a request made signed in: the session may have ended elsewhere (signed out, or the
 * password changed, in another browser). Who is signed in is asked once for all the 401s that come
 * together; a guest's answer signs this page out too, so the header offers Sign In. A 401 about
 * something else (a link for another account's email) leaves the customer signed in, as does no
 * answer. The question goes past apiRequest, so it never leads to another check.
 */
function checkSession(userId: string): void {
  sessionCheck ??= signedOutOnServer()
    .then(
      (signedOut) => {
        const { user, setUser } = useShopStore.getState();
        if (signedOut && user?.id === userId) setUser(null);
      },
      () => {},
    )
    .finally(() => (sessionCheck = undefined));
}

/**
 * The one API client. Every call sends credentials and x-session-id; a JSON content type and body only
 * when there is a body (FormData goes as multipart). No retry; a 401 is raised like any other error,
 * and one to a signed-in customer also checks whether their session is still there (checkSession).
 */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const {
    method = options.body === undefined ? 'GET' : 'POST',
    body,
    headers = {},
    signal,
  } = options;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { 'x-session-id': getGuestSessionId(), ...headers },
    signal,
  };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const signedIn = useShopStore.getState().user;
  const response = await fetch(path, init);
  if (response.status === 401 && signedIn) checkSession(signedIn.id);
  if (!response.ok) {
    const text = (await response.text().catch(() => '')) || response.statusText;
    const { parseApiErrorBody } = await loadParsers();
    throw new ApiError(response.status, text, parseApiErrorBody(text));
  }
  return response;
}

/** A read: the answer parsed as JSON (an empty answer, such as 204, gives undefined). */
export async function apiJson<T>(path: string, options?: ApiRequestOptions): Promise<T> {
  const response = await apiRequest(path, options);
  const text = response.status === 204 ? '' : await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
