import type { TOperationStAgreement } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface StAgreementKey {
  ufOrigem: string;
  ufDestino: string;
  cest: string;
}

/** GET /tax/st-agreement: which interstate ST agreement governs the pair for the CEST today (issue 37). */
export const fetchStAgreement = (key: StAgreementKey) =>
  apiRequest<TOperationStAgreement>('/tax/st-agreement', { query: { ...key }, noSpinner: true });

export const stAgreementQueryOptions = (key: StAgreementKey) =>
  queryOptions({
    queryKey: ['tax', 'st-agreement', key.ufOrigem, key.ufDestino, key.cest],
    queryFn: () => fetchStAgreement(key),
  });

/** Asked only for two different UFs and a CEST: inside one UF no agreement is consulted. */
export const useStAgreement = (key: StAgreementKey | null) =>
  useQuery({ ...stAgreementQueryOptions(key ?? { ufOrigem: '', ufDestino: '', cest: '' }), enabled: key !== null });
