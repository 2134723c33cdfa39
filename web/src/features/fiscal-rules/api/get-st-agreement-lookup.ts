import type { TOperationStAgreement } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface StAgreementLookupKey {
  ufOrigem: string;
  ufDestino: string;
  cest: string;
}

/** GET /tax/st-agreement: which interstate ST agreement governs the pair for the CEST today (issue 37). */
export const fetchStAgreementLookup = (key: StAgreementLookupKey) =>
  apiRequest<TOperationStAgreement>('/tax/st-agreement', { query: { ...key }, noSpinner: true });

export const stAgreementLookupQueryOptions = (key: StAgreementLookupKey) =>
  queryOptions({
    queryKey: ['tax', 'st-agreement', key.ufOrigem, key.ufDestino, key.cest],
    queryFn: () => fetchStAgreementLookup(key),
  });

/** Asked only for two different UFs and a CEST: inside one UF no agreement is consulted. */
export const useStAgreementLookup = (key: StAgreementLookupKey | null) =>
  useQuery({
    ...stAgreementLookupQueryOptions(key ?? { ufOrigem: '', ufDestino: '', cest: '' }),
    enabled: key !== null,
  });
