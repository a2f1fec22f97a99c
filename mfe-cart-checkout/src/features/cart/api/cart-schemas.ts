/**
 * The cart's schemas (schemas.ts), loaded on the cart's first change, so the cart page's first render
 * evaluates no zod (docs/design.md, "The cart page's first render runs no zod"). Their zod chunk is
 * usually there already: the checkout's files, which hold it, are fetched ahead once the cart shows.
 */
export const cartSchemas = () => import('./schemas');
