import type { TGlobalProductBody, TGlobalProductSaved } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /products/global: a GTIN queues the classification of its Pending twins in every company. */
export const createGlobalProduct = (body: TGlobalProductBody) =>
  apiRequest<TGlobalProductSaved>('/products/global', { method: 'POST', body });

export function useCreateGlobalProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createGlobalProduct,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['pending-products'] }),
  });
}
