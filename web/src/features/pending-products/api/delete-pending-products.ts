import type { TMessage, TPendingDeleteBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /products/globalpending/delete: the server checks CONCORDO too. */
export const deletePendingProducts = (body: TPendingDeleteBody) =>
  apiRequest<TMessage>('/products/globalpending/delete', { method: 'POST', body });

export function useDeletePendingProducts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePendingProducts,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['pending-products'] }),
  });
}
