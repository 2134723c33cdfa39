import type { TMessage } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type RuleCheckAction = 'check' | 'uncheck';

/** PUT /fiscal-rules/{id}/check | uncheck: mark a rule as conferred (Checked) or not. */
export const setRuleStatus = ({ fiscalRuleId, action }: { fiscalRuleId: string; action: RuleCheckAction }) =>
  apiRequest<TMessage>(`/fiscal-rules/${encodeURIComponent(fiscalRuleId)}/${action}`, { method: 'PUT' });

export function useSetRuleStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setRuleStatus,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['fiscal-rules'] }),
  });
}
