import { afterEach, expect, it, vi } from 'vitest';
import { proofAnswer } from './order-proof';
import { reorder } from './reorder';

// A change is sent only once its answer can be read: when the schemas' chunk cannot be loaded, the
// proof's answer and "Order again" send nothing (so the shopper's retry cannot change things twice).
vi.mock('./order-schemas', () => ({
  orderSchemas: () => Promise.reject(new Error('Loading chunk failed')),
}));

afterEach(() => {
  vi.restoreAllMocks();
});

it('when the schemas cannot be loaded, then a proof answer is not sent', async () => {
  const call = vi.fn(() => Promise.resolve({}));
  await expect(proofAnswer(call)).rejects.toThrow('Loading chunk failed');
  expect(call).not.toHaveBeenCalled();
});

it('when the schemas cannot be loaded, then "Order again" is not sent', async () => {
  const fetch = vi.spyOn(globalThis, 'fetch');
  await expect(reorder('o1', null)).rejects.toThrow('Loading chunk failed');
  expect(fetch).not.toHaveBeenCalled();
});
