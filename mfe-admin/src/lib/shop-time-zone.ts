import type { InsightsDashboard } from '@shop/contracts/insights';
import { queryClient } from 'shell/store';
import { adminQueryKey } from './admin-query-key';

/**
 * The shop's time zone (SHOP_TIME_ZONE, such as America/New_York) when an answer the panel already
 * read says it: the dashboard's figures carry it, and the panel opens on the dashboard. Nothing is
 * fetched for it; null when no such answer is at hand.
 */
export function knownShopTimeZone(): string | null {
  const answers = queryClient.getQueriesData<InsightsDashboard>({
    queryKey: [...adminQueryKey, 'insights'],
  });
  for (const [, answer] of answers) {
    if (answer?.timeZone) return answer.timeZone;
  }
  return null;
}

/** "the shop's time zone (America/New_York)", or "the shop's time zone" when it is not known here. */
export function shopTimeZoneName(timeZone: string | null): string {
  return timeZone ? `the shop's time zone (${timeZone})` : "the shop's time zone";
}
