import type { ShopUser } from '@shop/contracts';

/** The auth calls answer with the user, either bare or as `{ user }`; both read the same here. */
export function userFromAnswer(
  answer: ShopUser | { user: ShopUser | null } | null | undefined,
): ShopUser | null {
  if (!answer) return null;
  return 'user' in answer ? answer.user : answer;
}
