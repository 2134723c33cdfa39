import type { TBindingInBatchBody, TBindingInBatchResponse, TProductBindingResponse } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /products/binding: one product to a global product (by its code). */
export const bindProduct = (body: { productId: string; fiscalServiceProduct: string }) =>
  apiRequest<TProductBindingResponse>('/products/binding', { method: 'POST', body });

/** POST /products/bindinginbatch: the row's product and the marked ones (several companies for staff). */
export const bindProductsInBatch = (body: TBindingInBatchBody) =>
  apiRequest<TBindingInBatchResponse>('/products/bindinginbatch', { method: 'POST', body });

export function useBindProducts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { productIds: string[]; fiscalServiceProduct: string }) => {
      const [first, ...rest] = input.productIds;
      if (!first) throw new Error('no product');
      return rest.length === 0
        ? bindProduct({ productId: first, fiscalServiceProduct: input.fiscalServiceProduct })
        : bindProductsInBatch({
            productId: first,
            classifyProducts: rest,
            fiscalServiceProduct: input.fiscalServiceProduct,
          });
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['products'] });
      void qc.invalidateQueries({ queryKey: ['global-products'] });
    },
  });
}
