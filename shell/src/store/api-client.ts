import type { ApiRequestOptions } from '@shop/contracts';
import { getGuestSessionId } from './guest-session';

/** A non-ok answer: the message is "{status}: {body text or status text}" (SPEC.md section 8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
  }
}

/**
 * The one API client. Every call sends credentials and x-session-id; a JSON content type and body only
 * when there is a body (FormData goes as multipart). No retry; a 401 is raised like any other error.
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
  const response = await fetch(path, init);
  if (!response.ok) {
    const text = (await response.text().catch(() => '')) || response.statusText;
    throw new ApiError(response.status, text);
  }
  return response;
}

/** A read: the answer parsed as JSON (an empty answer, such as 204, gives undefined). */
export async function apiJson<T>(path: string, options?: ApiRequestOptions): Promise<T> {
  const response = await apiRequest(path, options);
  const text = response.status === 204 ? '' : await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
