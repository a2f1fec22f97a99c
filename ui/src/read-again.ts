import type { QueryKey } from '@tanstack/react-query';
import { queryClient } from 'shell/store';

/**
 * Reads again what a change touched. A read still on its first fetch when the change landed (a
 * search typed just before, say) may answer with what was there before the change: it is dropped
 * and asked again, where invalidating alone would wait on it and keep its answer.
 */
export async function readAgain(queryKey: QueryKey, { exact = false } = {}): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact });
  await queryClient.invalidateQueries({ queryKey, exact });
}
