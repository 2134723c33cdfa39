import type { THealthFindingKind, THealthReport } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface HealthReportQuery {
  companyId: string;
  kind: THealthFindingKind | null;
  page: number;
}

export const HEALTH_PAGE_SIZE = 25;

/** GET /companies/{id}/health: counts by finding and one page of findings of the latest check. */
export const fetchHealthReport = ({ companyId, kind, page }: HealthReportQuery) =>
  apiRequest<THealthReport>(`/companies/${companyId}/health`, {
    query: { kind, page, pageSize: HEALTH_PAGE_SIZE },
    noSpinner: true,
  });

export const healthReportQueryOptions = (q: HealthReportQuery) =>
  queryOptions({
    queryKey: ['catalogue-health', q.companyId, q.kind, q.page],
    queryFn: () => fetchHealthReport(q),
    placeholderData: keepPreviousData,
    // While the job runs, look again every 2 s: the check finishes in seconds even at 100k products.
    refetchInterval: (query) => {
      const status = query.state.data?.check?.status;
      return status === 'Queued' || status === 'Running' ? 2000 : false;
    },
  });

export const useHealthReport = (q: HealthReportQuery) => useQuery(healthReportQueryOptions(q));
