import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { TEST_USER } from '@shop/ui/testing/fixtures';
import { ApiError, apiJson, apiRequest } from './api-client';
import { useShopStore } from './shop-store';

const fetchMock = vi.fn<typeof fetch>();

function lastCall(): [string, RequestInit] {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return call as [string, RequestInit];
}

const initialStore = useShopStore.getState();

beforeEach(() => {
  useShopStore.setState(initialStore, true);
  localStorage.clear();
  localStorage.setItem('guest-session-id', 'guest-1700000000000-abc123');
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends credentials and the guest session id on a read, with no body and no JSON content type', async () => {
    await apiRequest('/api/cart');
    const [path, init] = lastCall();
    expect(path).toBe('/api/cart');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({ 'x-session-id': 'guest-1700000000000-abc123' });
  });

  it('adds the JSON content type and body only when there is a body', async () => {
    await apiRequest('/api/cart/abc', { method: 'PUT', body: { quantity: 3 } });
    const [, init] = lastCall();
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"quantity":3}');
    expect(init.headers).toEqual({
      'x-session-id': 'guest-1700000000000-abc123',
      'content-type': 'application/json',
    });
  });

  it('posts when a body is given without a method', async () => {
    await apiRequest('/api/calculate-price', { body: { material: 'indoor' } });
    expect(lastCall()[1].method).toBe('POST');
  });

  it('sends a change without a body (logout) with no content type', async () => {
    await apiRequest('/api/auth/logout', { method: 'POST' });
    const [, init] = lastCall();
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('content-type');
  });

  it('sends FormData as multipart, leaving the boundary to the browser', async () => {
    const form = new FormData();
    form.append('files', new Blob(['x']), 'a.txt');
    await apiRequest('/api/upload', { body: form });
    const [, init] = lastCall();
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('content-type');
    expect(init.headers).toHaveProperty('x-session-id', 'guest-1700000000000-abc123');
  });

  it('raises "{status}: {body text}" for a non-ok answer', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('{"message":"Invalid email or password"}', {
        status: 401,
        statusText: 'Unauthorized',
      }),
    );
    const error = await apiRequest('/api/auth/login', {
      body: { email: 'a@b.co', password: 'x' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid email or password"}');
    expect((error as ApiError).status).toBe(401);
  });

  it('raises "{status}: {status text}" when the body is empty', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('', { status: 503, statusText: 'Service Unavailable' }),
    );
    await expect(apiRequest('/api/cart')).rejects.toThrow('503: Service Unavailable');
  });

  it('does not retry a failed call', async () => {
    fetchMock.mockResolvedValue(
      new Response('boom', { status: 500, statusText: 'Internal Server Error' }),
    );
    await expect(apiRequest('/api/orders')).rejects.toThrow('500: boom');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('lets the caller add headers (the admin bearer) next to x-session-id', async () => {
    await apiRequest('/api/admin/make-admin', {
      body: { secret: 's' },
      headers: { Authorization: 'Bearer s' },
    });
    expect(lastCall()[1].headers).toMatchObject({
      Authorization: 'Bearer s',
      'x-session-id': 'guest-1700000000000-abc123',
    });
  });
});

describe('apiJson', () => {
  it('parses the JSON answer', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"itemCount":2}', { status: 200 }));
    await expect(apiJson('/api/cart')).resolves.toEqual({ itemCount: 2 });
  });

  it('reads null (a signed-out /api/auth/me) as null', async () => {
    fetchMock.mockResolvedValueOnce(new Response('null', { status: 200 }));
    await expect(apiJson('/api/auth/me')).resolves.toBeNull();
  });

  it('gives undefined for an empty answer', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiJson('/api/cart/abc', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('apiRequest answered 401', () => {
  const pleaseSignIn = () =>
    new Response('{"message":"Please sign in"}', { status: 401, statusText: 'Unauthorized' });
  const paths = () => fetchMock.mock.calls.map(([path]) => path);

  it('signed in, but signed out elsewhere: raises the 401 as before, and the page is signed out too once /api/auth/me says guest', async () => {
    useShopStore.getState().setUser(TEST_USER);
    fetchMock.mockImplementation(async (path) =>
      path === '/api/auth/me' ? new Response('null', { status: 200 }) : pleaseSignIn(),
    );
    const errors = await Promise.all(
      ['/api/orders', '/api/account/profile'].map((path) =>
        apiRequest(path).catch((e: unknown) => e),
      ),
    );
    for (const error of errors) expect(error).toMatchObject({ name: 'ApiError', status: 401 });
    await waitFor(() => expect(useShopStore.getState().user).toBeNull());
    expect(useShopStore.getState().authChecked).toBe(true);
    // One question for the 401s that came together, made without the client: no loop.
    expect(paths().filter((path) => path === '/api/auth/me')).toHaveLength(1);
    const [, init] = fetchMock.mock.calls.find(([path]) => path === '/api/auth/me')!;
    expect(init).toMatchObject({
      credentials: 'include',
      headers: { 'x-session-id': 'guest-1700000000000-abc123' },
    });
  });

  it('signed in, and still so by /api/auth/me (a link for another account): keeps the customer', async () => {
    useShopStore.getState().setUser(TEST_USER);
    fetchMock.mockImplementation(async (path) =>
      path === '/api/auth/me' ? new Response(JSON.stringify(TEST_USER)) : pleaseSignIn(),
    );
    await expect(apiRequest('/api/auth/confirm-email', { body: {} })).rejects.toThrow('401');
    await waitFor(() => expect(paths()).toContain('/api/auth/me'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useShopStore.getState().user).toEqual(TEST_USER);
  });

  it('signed out (a wrong password at sign-in): raises the 401 and asks nothing more', async () => {
    useShopStore.getState().setUser(null);
    fetchMock.mockResolvedValue(
      new Response('{"message":"Invalid email or password"}', { status: 401 }),
    );
    await expect(apiRequest('/api/auth/login', { body: {} })).rejects.toThrow('401');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(paths()).toEqual(['/api/auth/login']);
    expect(useShopStore.getState().user).toBeNull();
  });

  it('leaves a customer who signed in meanwhile signed in', async () => {
    useShopStore.getState().setUser(TEST_USER);
    let answerMe: (response: Response) => void = () => {};
    fetchMock.mockImplementation((path) =>
      path === '/api/auth/me'
        ? new Promise<Response>((resolve) => (answerMe = resolve))
        : Promise.resolve(pleaseSignIn()),
    );
    await expect(apiRequest('/api/orders')).rejects.toThrow('401');
    const other = { ...TEST_USER, id: 'another-customer' };
    useShopStore.getState().setUser(other);
    answerMe(new Response('null'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useShopStore.getState().user).toEqual(other);
  });
});
