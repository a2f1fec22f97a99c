// Two API processes in one test process: each writes a time bucket through its own writer slot
// (src/platform/sequence.ts, writerSlot), chosen from its seed.
import { useWriterSeed, writerSlot } from '../../src/platform/sequence';

/** Two seeds whose processes write `bucket` through different slots, slot 0 and another. */
export function seedsInTwoSlots(bucket: string): { first: string; second: string } {
  const seeds = Array.from({ length: 200 }, (_, i) => `process-${i}`);
  const slotOf = (seed: string) => {
    useWriterSeed(seed);
    return writerSlot(bucket);
  };
  const first = seeds.find((seed) => slotOf(seed) === 0);
  const second = seeds.find((seed) => slotOf(seed) !== 0);
  if (!first || !second) throw new Error(`No two seeds write ${bucket} through different slots`);
  return { first, second };
}

/** Runs `write` as the process of `seed`, then goes back to a seed of this test process's own. */
export async function asProcess<T>(seed: string, write: () => Promise<T>): Promise<T> {
  useWriterSeed(seed);
  try {
    return await write();
  } finally {
    useWriterSeed(`test-${process.pid}`);
  }
}
