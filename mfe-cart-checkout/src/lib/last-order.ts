// The last order placed in this tab, kept in session storage for the confirmation page, which reads it
// once and removes it (docs/product.md section 2).
import { z } from 'zod';

export const LAST_ORDER_KEY = 'last-order';

export const lastOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number(),
  total: z.number(),
  email: z.string(),
  /** Placed signed in: the order is in the customer's history (a guest's joins once confirmed). */
  signedIn: z.boolean().optional().default(false),
  /** "Skip the proof, engrave as shown" was ticked: no proof comes first. */
  skipProof: z.boolean().optional().default(false),
  /**
   * The details just entered at checkout, for the account the page offers a guest (AccountPrefill:
   * the address as one line, "street, city, state").
   */
  details: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string(),
      company: z.string(),
      address: z.string(),
      zipCode: z.string(),
    })
    .optional(),
});
export type LastOrder = z.infer<typeof lastOrderSchema>;

export function saveLastOrder(order: z.input<typeof lastOrderSchema>): void {
  try {
    sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
  } catch (error) {
    // Storage blocked: the confirmation page will send the shopper home; the order itself is placed.
    console.warn('Could not keep the order for the confirmation page', error);
  }
}

/** The kept order, or null when there is none (or it is not what this page wrote). */
export function readLastOrder(): LastOrder | null {
  try {
    const text = sessionStorage.getItem(LAST_ORDER_KEY);
    if (!text) return null;
    const parsed = lastOrderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearLastOrder(): void {
  try {
    sessionStorage.removeItem(LAST_ORDER_KEY);
  } catch {
    // Nothing to clear without storage.
  }
}
