import type { TFiscalRuleFilters, TFiscalRuleGroupingPage } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type GroupingsQuery = Omit<TFiscalRuleFilters, 'amountPerPage' | 'page'> & {
  amountPerPage: number;
  page: number;
};

/** GET /fiscal-rules/groupings: one page of (NCM, CEST) groups with their state rules. */
export const fetchFiscalRuleGroupings = (query: GroupingsQuery) =>
  apiRequest<TFiscalRuleGroupingPage>('/fiscal-rules/groupings', { query: { ...query } });

export const fiscalRuleGroupingsQueryOptions = (query: GroupingsQuery) =>
  queryOptions({
    queryKey: ['fiscal-rules', 'groupings', query],
    queryFn: () => fetchFiscalRuleGroupings(query),
    placeholderData: keepPreviousData,
  });

export const useFiscalRuleGroupings = (query: GroupingsQuery) => useQuery(fiscalRuleGroupingsQueryOptions(query));
