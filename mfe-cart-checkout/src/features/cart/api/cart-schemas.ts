type CartSchemas = typeof import('./schemas');

let loaded: CartSchemas | undefined;

/**
 * The cart's schemas (schemas.ts), loaded on the cart's first change, so the cart page's first render
 * evaluates no zod (docs/design.md, "The cart's and the checkout's first render run no zod"). The
 * shell fetches the file ahead, without running it, once the cart has shown.
 */
export async function cartSchemas(): Promise<CartSchemas> {
  loaded ??= await import('./schemas');
  return loaded;
}
