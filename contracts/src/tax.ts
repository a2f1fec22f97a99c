/** Postal codes the shop knows (docs/product.md section 5) and the tax part of the cart answer. */
import { z } from 'zod';

/** 12345 or 12345-6789. */
export const US_ZIP_CODE_PATTERN = /^\d{5}(-\d{4})?$/;
/** A1A 1A1, with or without the space, either case (Canada Post never uses D, F, I, O, Q, U). */
export const CANADIAN_POSTAL_CODE_PATTERN =
  /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;

export const cartTaxSchema = z.object({ region: z.string().nullable(), amount: z.number() });
export type CartTax = z.infer<typeof cartTaxSchema>;
