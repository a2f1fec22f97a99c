import { useSyncExternalStore } from 'react';
import type { AdminStatus } from '@shop/contracts/admin';
import { queryClient, useShopStore } from 'shell/store';
import { adminStatusQueryKey } from './admin-query-key';

/**
 * The shop's time zone (SHOP_TIME_ZONE, such as America/New_York), as GET /api/admin/status told this
 * admin: the days the lists filter by and the figures count in, so the panel shows every date and
 * time in it. The answer the admin gate asked for, followed in the query cache (a later answer
 * renders again); undefined (the browser's zone) only while no answer is at hand.
 */
export function useShopTimeZone(): string | undefined {
  const customerId = useShopStore((s) => s.user?.id);
  const key = adminStatusQueryKey(customerId);
  return useSyncExternalStore(
    (changed) => queryClient.getQueryCache().subscribe(changed),
    () => queryClient.getQueryData<AdminStatus>(key)?.timeZone,
  );
}

/** "the shop's time zone (America/New_York)", or "the shop's time zone" when it is not known here. */
export function shopTimeZoneName(timeZone: string | undefined): string {
  return timeZone ? `the shop's time zone (${timeZone})` : "the shop's time zone";
}
