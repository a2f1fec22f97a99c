import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('when called again, then it shares the first load and keeps its value', async () => {
    const load = vi.fn(() => Promise.resolve({ answer: 42 }));
    const get = loadOnce(load);
    expect(get.loaded()).toBeUndefined();
    const [first, second] = await Promise.all([get(), get()]);
    expect(first).toBe(second);
    expect(await get()).toBe(first);
    expect(get.loaded()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when a load fails, then that call fails and the next one loads again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValueOnce('chunk');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('ChunkLoadError');
    expect(get.loaded()).toBeUndefined();
    expect(await get()).toBe('chunk');
    expect(get.loaded()).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
