import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
});
afterEach(() => vi.useRealTimers());

describe('afterFirstPageShown', () => {
  it('waits for the first page to show, then for idle', async () => {
    const { afterFirstPageShown, pageShown } = await import('./page-shown');
    const register = vi.fn();
    afterFirstPageShown(register);
    vi.advanceTimersByTime(10_000);
    expect(register).not.toHaveBeenCalled();
    pageShown();
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(register).toHaveBeenCalledTimes(1);
    // A later page changes nothing; what asks afterwards only waits for idle.
    pageShown();
    const later = vi.fn();
    afterFirstPageShown(later);
    vi.advanceTimersByTime(5_000);
    expect(register).toHaveBeenCalledTimes(1);
    expect(later).toHaveBeenCalledTimes(1);
  });
});
