// The store's answer parsers, in their own chunk, fetched after the first answer (docs/design.md
// section 10). Every answer is still parsed before anything reads it, with the contracts' zod/mini
// twins of the answer schemas (@shop/contracts/store-answers): the landing page loads no classic zod.
import type { ApiErrorBody } from '@shop/contracts/api-error';
import { storeApiErrorSchema } from '@shop/contracts/store-answers';

export {
  storeCartSchema as cartResponseSchema,
  storeCurrentUserSchema as currentUserAnswerSchema,
} from '@shop/contracts/store-answers';

/** The API's JSON error `{ message, errors? }`, or null for anything else (a proxy's HTML page). */
export function parseApiErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed = storeApiErrorSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
