import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getGuestSessionId } from './guest-session';

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('getGuestSessionId', () => {
  it('creates guest-{timestamp}-{random} and keeps it under guest-session-id', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_123);
    const id = getGuestSessionId();
    expect(id).toMatch(/^guest-1700000000123-[a-z0-9]{16,}$/);
    expect(localStorage.getItem('guest-session-id')).toBe(id);
  });

  it('is created once: later calls return the stored id', () => {
    const first = getGuestSessionId();
    expect(getGuestSessionId()).toBe(first);
    expect(getGuestSessionId()).toBe(first);
  });

  it('reuses an id stored by an earlier visit', () => {
    localStorage.setItem('guest-session-id', 'guest-1699999999999-k3j4h5g6f7');
    expect(getGuestSessionId()).toBe('guest-1699999999999-k3j4h5g6f7');
  });

  it('says whether this page started the session', async () => {
    vi.resetModules();
    localStorage.setItem('guest-session-id', 'guest-1699999999999-k3j4h5g6f7');
    const earlier = await import('./guest-session');
    earlier.getGuestSessionId();
    expect(earlier.guestSessionStartedHere()).toBe(false);
    vi.resetModules();
    localStorage.clear();
    const fresh = await import('./guest-session');
    fresh.getGuestSessionId();
    expect(fresh.guestSessionStartedHere()).toBe(true);
  });

  it('gives different random parts to different visitors', () => {
    const first = getGuestSessionId();
    localStorage.clear();
    expect(getGuestSessionId()).not.toBe(first);
  });

  it('replaces a stored value that is not a guest session id', () => {
    localStorage.setItem('guest-session-id', '<script>');
    expect(getGuestSessionId()).toMatch(/^guest-\d+-[a-z0-9]+$/);
  });
});
