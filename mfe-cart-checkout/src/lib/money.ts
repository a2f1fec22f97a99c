/** Totals never go below $0 after a discount; computed in cents. */
export function afterDiscount(subtotal: number, discountAmount: number): number {
  return Math.max(0, Math.round(subtotal * 100) - Math.round(discountAmount * 100)) / 100;
}
