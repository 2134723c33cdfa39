import type { TNamedRuleInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /fiscal-rules: create a named rule (status Checked). Silent: the dialog shows the server's
 * refusal (NCM not in force, CEST not fitting the NCM) next to the form itself.
 */
export const createNamedRule = (input: TNamedRuleInput) =>
  apiRequest<{ id: string }>('/fiscal-rules', { method: 'POST', body: input, silent: true });

export function useCreateNamedRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createNamedRule,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['fiscal-rules'] }),
  });
}
