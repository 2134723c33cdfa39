import type { TStAgreementListQuery, TStAgreementPage } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /st-agreements: one page of the agreements, filtered by pair, segment, date in force and agreement. */
export const fetchStAgreements = (query: TStAgreementListQuery) =>
  apiRequest<TStAgreementPage>('/st-agreements', {
    query: query as Record<string, string | number | boolean | undefined>,
    noSpinner: true,
  });

export const stAgreementsQueryOptions = (query: TStAgreementListQuery) =>
  queryOptions({
    queryKey: ['st-agreements', 'list', query],
    queryFn: () => fetchStAgreements(query),
    placeholderData: keepPreviousData,
  });

export const useStAgreements = (query: TStAgreementListQuery) => useQuery(stAgreementsQueryOptions(query));
