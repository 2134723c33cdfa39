import type { TMessage } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /companies/{id} → {message}. */
export const deleteCompany = (id: string) =>
  apiRequest<TMessage>(`/companies/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['companies'] }),
  });
}
