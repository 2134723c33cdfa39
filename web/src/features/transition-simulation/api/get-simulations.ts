import type { TSimulation } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /companies/{id}/transition-simulations: the company's last runs, newest first. */
export const fetchSimulations = (companyId: string) =>
  apiRequest<TSimulation[]>(`/companies/${companyId}/transition-simulations`, { noSpinner: true });

export const simulationsQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: ['transition-simulations', companyId],
    queryFn: () => fetchSimulations(companyId!),
    enabled: !!companyId,
    // While a run is queued or running, look again every second for its progress.
    refetchInterval: (query) => {
      const status = query.state.data?.[0]?.status;
      return status === 'Queued' || status === 'Running' ? 1000 : false;
    },
  });

export const useSimulations = (companyId: string | null) => useQuery(simulationsQueryOptions(companyId));
