import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /tax/reform-rates/municipal/:id: the reference rate applies again. */
export const deleteMunicipalRate = (id: string) =>
  apiRequest<void>(`/tax/reform-rates/municipal/${id}`, { method: 'DELETE' });

export function useDeleteMunicipalRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteMunicipalRate,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['reference', 'municipal-rates'] }),
  });
}
