/**
 * The cart's schemas (schemas.ts), fetched ahead while the browser is idle and run on the cart's first
 * change: the cart page's first render evaluates no zod (docs/architecture.md "A prerendered page").
 */
export const cartSchemas = () => import(/* webpackPrefetch: true */ './schemas');
