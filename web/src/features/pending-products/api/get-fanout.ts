import type { TFanout } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /products/global/fanouts/{id}: polled every 2 s until the jobs are done. */
export function useFanout(initial: TFanout | null) {
  return useQuery({
    queryKey: ['pending-products', 'fanout', initial?.id],
    queryFn: () => apiRequest<TFanout>(`/products/global/fanouts/${initial?.id}`, { noSpinner: true }),
    enabled: !!initial && !initial.finished,
    initialData: initial ?? undefined,
    refetchInterval: (q) => (q.state.data?.finished ? false : 2000),
  });
}
