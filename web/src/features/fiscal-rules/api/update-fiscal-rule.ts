import type { TFiscalRuleUpdateInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PUT /fiscal-rules/{id}: edit a rule (a new version starts now). Silent like the creation. */
export const updateFiscalRule = ({ id, input }: { id: string; input: TFiscalRuleUpdateInput }) =>
  apiRequest<unknown>(`/fiscal-rules/${encodeURIComponent(id)}`, { method: 'PUT', body: input, silent: true });

export function useUpdateFiscalRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateFiscalRule,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['fiscal-rules'] }),
  });
}
