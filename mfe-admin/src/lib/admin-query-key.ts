/**
 * Everything the admin remote caches sits under this key, so a grant (or a sign-out, which clears the
 * user) refreshes it all with one invalidation.
 */
export const adminQueryKey = ['admin'] as const;

/** The customer list and each customer's details with their orders. */
export const customersQueryKey = [...adminQueryKey, 'customers'] as const;

/** GET /api/admin/status's answer, kept per customer. */
export function adminStatusQueryKey(customerId: string | undefined) {
  return [...adminQueryKey, 'status', customerId ?? 'guest'] as const;
}
