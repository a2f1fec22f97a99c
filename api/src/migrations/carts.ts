// Guests' carts were kept for ever; each now ends GUEST_CART_KEPT_DAYS after its last change
// (cart/model.ts, abandonedAfter). A guest's cart written before has no end: it gets one, counted
// from this start.
import { giveGuestCartsAnEnd } from '../modules/cart/cart';
import type { Logger } from '../platform/logger';

export async function endGuestCarts(logger: Logger, now = new Date()): Promise<void> {
  const carts = await giveGuestCartsAnEnd(now);
  if (carts > 0) logger.info({ carts }, "Guests' carts given an end");
}
