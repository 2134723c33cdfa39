import type { TMessage } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RuleCheckAction } from './set-rule-status';

/** PUT /fiscal-rules/{id}/products/check-all | uncheck-all: every product link of the rule. */
export const setRuleProductsStatus = ({ fiscalRuleId, action }: { fiscalRuleId: string; action: RuleCheckAction }) =>
  apiRequest<TMessage>(`/fiscal-rules/${encodeURIComponent(fiscalRuleId)}/products/${action}-all`, { method: 'PUT' });

export function useSetRuleProductsStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setRuleProductsStatus,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['fiscal-rules', 'rule-products'] }),
  });
}
