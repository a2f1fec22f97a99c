import { z } from 'zod';

/** Every non-2xx answer of the API (docs/design.md section 7). */
export const apiErrorBodySchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
