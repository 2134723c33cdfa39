import type { TSimulation, TSimulationStart } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** POST /companies/{id}/transition-simulations: queues the simulation as a background job. */
export const startSimulation = (companyId: string, body: TSimulationStart) =>
  apiRequest<TSimulation>(`/companies/${companyId}/transition-simulations`, { method: 'POST', body });

export function useStartSimulation(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSimulationStart) => startSimulation(companyId!, body),
    onSuccess: () => {
      notify('success', 'Simulação iniciada. O resultado aparece aqui ao terminar.');
      return client.invalidateQueries({ queryKey: ['transition-simulations', companyId] });
    },
  });
}
