import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /products/binding?productId: drops the global-product link (product back to Pending). */
export const unbindProduct = (productId: string) =>
  apiRequest<unknown>('/products/binding', { method: 'DELETE', query: { productId } });

export function useUnbindProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unbindProduct,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['products'] }),
  });
}
