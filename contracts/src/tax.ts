/** Postal codes the shop knows (docs/product.md section 5) and the tax part of the cart answer. */
import { z } from 'zod';

export * from './postal-regions';

export const cartTaxSchema = z.object({ region: z.string().nullable(), amount: z.number() });
export type CartTax = z.infer<typeof cartTaxSchema>;
