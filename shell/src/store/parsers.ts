// The store's answer parsers, in their own chunk: zod and these schemas are fetched after the first
// render, not before the landing page is interactive (docs/design.md section 10). Every answer is still
// parsed with the contracts' schemas before anything reads it.
import { apiErrorBodySchema, type ApiErrorBody } from '@shop/contracts/api-error';

export { cartResponseSchema } from '@shop/contracts/cart';

/** The API's JSON error `{ message, errors? }`, or null for anything else (a proxy's HTML page). */
export function parseApiErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed = apiErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
