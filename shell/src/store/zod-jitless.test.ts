import { describe, expect, it } from 'vitest';

describe('zod-jitless (first module of every entry)', () => {
  it('makes zod build its parsers without new Function, without importing zod itself', async () => {
    // @ts-expect-error the plain .mjs has no types
    await import('../../../webpack-config/zod-jitless.mjs');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
