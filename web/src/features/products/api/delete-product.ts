import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /products/{id}: removes one product permanently. */
export const deleteProduct = (productId: string) =>
  apiRequest<unknown>(`/products/${encodeURIComponent(productId)}`, { method: 'DELETE' });

export function useDeleteProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['products'] }),
  });
}
