import type { TStAgreementCreate, TStAgreementDetail, TStAgreementUpdate } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SaveStAgreementInput = { id: null; body: TStAgreementCreate } | { id: string; body: TStAgreementUpdate };

/** POST /st-agreements (new) or PUT /st-agreements/:id (edit, with the reason). */
export const saveStAgreement = ({ id, body }: SaveStAgreementInput) =>
  apiRequest<TStAgreementDetail>(id ? `/st-agreements/${id}` : '/st-agreements', {
    method: id ? 'PUT' : 'POST',
    body,
    silent: true,
  });

export function useSaveStAgreement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveStAgreement,
    // The ST calculator's lookups ('tax', 'st-agreement') read the same rows.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['st-agreements'] }),
        qc.invalidateQueries({ queryKey: ['tax', 'st-agreement'] }),
      ]),
  });
}
