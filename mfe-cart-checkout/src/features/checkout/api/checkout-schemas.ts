import { loadOnce } from '@shop/ui';

/**
 * The checkout's schemas (schemas.ts), loaded when the checkout first reads an answer (the card form's
 * settings) or checks the form, so the checkout page's first render evaluates no zod (docs/design.md,
 * "The cart's and the checkout's first render run no zod"). The shell fetches the file ahead, without
 * running it, once the checkout has shown.
 */
export const checkoutSchemas = loadOnce(() => import('./schemas'));

/** Whether error is a schema's refusal; none can be before the schemas have loaded. */
export function isSchemaError(error: unknown): boolean {
  const loaded = checkoutSchemas.loaded();
  return loaded !== undefined && error instanceof loaded.ZodError;
}
