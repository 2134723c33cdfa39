import type { TStAgreementDetail, TStAgreementEnd } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /st-agreements/:id/end: the last day the agreement applies, with the reason. */
export const endStAgreement = ({ id, body }: { id: string; body: TStAgreementEnd }) =>
  apiRequest<TStAgreementDetail>(`/st-agreements/${id}/end`, { method: 'POST', body, silent: true });

export function useEndStAgreement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: endStAgreement,
    // The ST calculator's lookups ('tax', 'st-agreement') read the same rows.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['st-agreements'] }),
        qc.invalidateQueries({ queryKey: ['tax', 'st-agreement'] }),
      ]),
  });
}
