import { z } from 'zod';

/**
 * The query of a list paged by key, newest first (docs/design.md: no page costs more as the data
 * grows): `before` is the id of the last item read, `limit` how many to answer. `item` names the
 * thing listed in the error message ("before must be the id of a message").
 */
export function keyPageQuerySchema(item: string) {
  return z.object({
    before: z
      .string()
      .regex(/^[a-f0-9]{24}$/, `before must be the id of ${item}`)
      .optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(100, 'limit must be at most 100')
      .default(20),
  });
}
