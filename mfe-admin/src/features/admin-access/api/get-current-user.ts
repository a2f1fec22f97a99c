import { currentUserAnswerSchema, type ShopUser } from '@shop/contracts';
import { apiJson } from 'shell/store';

/** GET /api/auth/me: the signed-in customer as the server sees them now (null when signed out). */
export async function getCurrentUser(): Promise<ShopUser | null> {
  return currentUserAnswerSchema.parse(await apiJson<unknown>('/api/auth/me'));
}
