import type { TLinkProductsInput, TMessage } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PUT /fiscal-rules/products/link: bind products to a rule of the same UF. */
export const linkProductsToRule = (input: TLinkProductsInput) =>
  apiRequest<TMessage>('/fiscal-rules/products/link', { method: 'PUT', body: input });

export function useLinkProductsToRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: linkProductsToRule,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['fiscal-rules', 'rule-products'] }),
  });
}
