import { loadOnce } from '@shop/ui';

/**
 * The cart's schemas (schemas.ts), loaded on the cart's first change, so the cart page's first render
 * evaluates no zod (docs/design.md, "The cart's and the checkout's first render run no zod"). The
 * shell fetches the file ahead, without running it, once the cart has shown.
 */
export const cartSchemas = loadOnce(() => import('./schemas'));
