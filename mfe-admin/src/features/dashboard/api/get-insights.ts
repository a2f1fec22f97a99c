import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  insightsDashboardSchema,
  type InsightPeriod,
  type InsightsDashboard,
} from '@shop/contracts/insights';
import { apiJson, queryClient } from 'shell/store';
import { adminQueryKey } from '../../../lib/admin-query-key';

export type { InsightsDashboard };

/**
 * GET /api/admin/insights?period=: read again each time the tab or the period is shown (the
 * figures move with every order); the previous period's figures stay on screen while the next
 * arrive, so the page keeps its size.
 */
export function useInsights(period: InsightPeriod) {
  return useQuery(
    {
      queryKey: [...adminQueryKey, 'insights', period],
      queryFn: () =>
        apiJson<unknown>(`/api/admin/insights?period=${period}`).then((answer) =>
          insightsDashboardSchema.parse(answer),
        ),
      placeholderData: keepPreviousData,
      staleTime: 0,
    },
    queryClient,
  );
}
