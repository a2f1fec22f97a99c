// POST /api/discount-codes/apply: checks a code against the cart's subtotal.
import { useMutation } from '@tanstack/react-query';
import type { ApplyDiscountInput, ApplyDiscountResponse } from '@shop/contracts';
import { apiJson } from 'shell/store';
import { cartSchemas } from './cart-schemas';

export type { ApplyDiscountInput, ApplyDiscountResponse };

export type DiscountCodeEntry =
  { ok: true; body: { code: string; subtotal: number } } | { ok: false; message: string };

/**
 * Checks what the shopper typed with the API's own schema: empty gives 'Please enter a discount code';
 * the code is trimmed and upper-cased, as it is sent.
 */
export async function readDiscountCodeEntry(
  code: string,
  subtotal: number,
): Promise<DiscountCodeEntry> {
  const { applyDiscountSchema } = await cartSchemas();
  const parsed = applyDiscountSchema.safeParse({ code, subtotal });
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues.find((i) => i.path[0] === 'code') ?? parsed.error.issues[0];
  return { ok: false, message: issue?.message ?? 'Please enter a discount code' };
}

/**
 * A code that cannot be used comes back as 200 `valid: false` with a message; a 4xx (a malformed
 * request, a rate limit) is thrown by the API client. The caller handles both.
 */
export async function applyDiscountCode(body: ApplyDiscountInput): Promise<ApplyDiscountResponse> {
  const { applyDiscountResponseSchema } = await cartSchemas();
  return applyDiscountResponseSchema.parse(
    await apiJson<unknown>('/api/discount-codes/apply', { method: 'POST', body }),
  );
}

export function useApplyDiscountCode() {
  return useMutation({ mutationFn: applyDiscountCode });
}
