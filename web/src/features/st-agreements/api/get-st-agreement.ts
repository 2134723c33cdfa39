import type { TStAgreementDetail } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /st-agreements/:id: the agreement and its history, newest change first. */
export const fetchStAgreement = (id: string) =>
  apiRequest<TStAgreementDetail>(`/st-agreements/${id}`, { noSpinner: true });

export const stAgreementQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['st-agreements', 'detail', id], queryFn: () => fetchStAgreement(id) });

export const useStAgreement = (id: string | null) =>
  useQuery({ ...stAgreementQueryOptions(id ?? ''), enabled: id !== null });
