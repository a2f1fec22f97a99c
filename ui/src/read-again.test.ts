import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from 'shell/store';
import { setupShopTests } from '@shop/ui/testing';
import { readAgain } from './read-again';

setupShopTests();

describe('readAgain', () => {
  it("drops a first read still on its way when the change lands, and asks again: the read's answer from before the change is not kept", async () => {
    let stored = 'before';
    let answerFirst!: () => void;
    let reads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['read-again-test'],
      queryFn: async () => {
        reads += 1;
        const seen = stored;
        // The first read is slow: the change lands while it is on its way.
        if (reads === 1) await new Promise<void>((resolve) => (answerFirst = resolve));
        return seen;
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(reads).toBe(1));

    stored = 'after';
    await readAgain(['read-again-test']);
    answerFirst();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('after'));
    expect(reads).toBe(2);
    unsubscribe();
  });
});
