import { loadOnce } from '@shop/ui';

/**
 * The order pages' answer schemas (schemas.ts), loaded with the first answer they parse. Each call
 * asks for them and for its answer at once, so neither waits for the other.
 */
export const orderSchemas = loadOnce(() => import('./schemas'));
