import type { TMunicipalRate, TMunicipalRateInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /tax/reform-rates/municipal (new) or PUT …/:id (edit). */
export const saveMunicipalRate = ({ id, ...body }: TMunicipalRateInput & { id: string | null }) =>
  apiRequest<TMunicipalRate>(id ? `/tax/reform-rates/municipal/${id}` : '/tax/reform-rates/municipal', {
    method: id ? 'PUT' : 'POST',
    body,
    silent: true,
  });

export function useSaveMunicipalRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveMunicipalRate,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['reference', 'municipal-rates'] }),
  });
}
