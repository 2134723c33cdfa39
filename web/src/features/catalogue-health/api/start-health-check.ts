import type { THealthCheck } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** POST /companies/{id}/health: queues the check as a background job. */
export const startHealthCheck = (companyId: string) =>
  apiRequest<THealthCheck>(`/companies/${companyId}/health`, { method: 'POST' });

export function useStartHealthCheck(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => startHealthCheck(companyId),
    onSuccess: () => {
      notify('success', 'Verificação iniciada. Os resultados aparecem aqui ao terminar.');
      return client.invalidateQueries({ queryKey: ['catalogue-health', companyId] });
    },
  });
}
