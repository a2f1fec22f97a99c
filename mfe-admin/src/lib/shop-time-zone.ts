import type { AdminStatus } from '@shop/contracts/admin';
import { queryClient, useShopStore } from 'shell/store';
import { adminStatusQueryKey } from './admin-query-key';

/**
 * The shop's time zone (SHOP_TIME_ZONE, such as America/New_York), as GET /api/admin/status told this
 * admin: the days the lists filter by and the figures count in, so the panel shows every date and
 * time in it. The admin gate asks before any panel shows, so this reads the answer it keeps;
 * undefined (the browser's zone) only where no answer is at hand.
 */
export function useShopTimeZone(): string | undefined {
  const customerId = useShopStore((s) => s.user?.id);
  return queryClient.getQueryData<AdminStatus>(adminStatusQueryKey(customerId))?.timeZone;
}

/** "the shop's time zone (America/New_York)", or "the shop's time zone" when it is not known here. */
export function shopTimeZoneName(timeZone: string | undefined): string {
  return timeZone ? `the shop's time zone (${timeZone})` : "the shop's time zone";
}
