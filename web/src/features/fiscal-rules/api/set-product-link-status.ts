import type { TMessage } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ProductLinkAction = 'check' | 'uncheck' | 'unbind';

/** PUT /fiscal-rules/products/{productId}/check | uncheck | unbind: one product's link to its rule. */
export const setProductLinkStatus = ({ productId, action }: { productId: string; action: ProductLinkAction }) =>
  apiRequest<TMessage>(`/fiscal-rules/products/${encodeURIComponent(productId)}/${action}`, { method: 'PUT' });

export function useSetProductLinkStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setProductLinkStatus,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['fiscal-rules', 'rule-products'] }),
  });
}
