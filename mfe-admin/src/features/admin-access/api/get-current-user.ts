import type { ShopUser } from '@shop/contracts';
import { apiJson } from 'shell/store';
import { userFromAnswer } from '../../../lib/user-from-answer';

/** GET /api/auth/me: the signed-in customer as the server sees them now (null when signed out). */
export async function getCurrentUser(): Promise<ShopUser | null> {
  return userFromAnswer(await apiJson<ShopUser | { user: ShopUser | null } | null>('/api/auth/me'));
}
