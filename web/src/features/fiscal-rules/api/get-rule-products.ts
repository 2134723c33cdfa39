import type { TRuleProducts } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /fiscal-rules/{id}/products?search: products linked to the rule and candidates not linked. */
export const fetchRuleProducts = (fiscalRuleId: string, search: string) =>
  apiRequest<TRuleProducts>(`/fiscal-rules/${encodeURIComponent(fiscalRuleId)}/products`, {
    query: { search: search || undefined },
  });

export const ruleProductsQueryOptions = (fiscalRuleId: string, search: string) =>
  queryOptions({
    queryKey: ['fiscal-rules', 'rule-products', fiscalRuleId, search],
    queryFn: () => fetchRuleProducts(fiscalRuleId, search),
    placeholderData: keepPreviousData,
  });

export const useRuleProducts = (fiscalRuleId: string | null, search: string) =>
  useQuery({ ...ruleProductsQueryOptions(fiscalRuleId ?? '', search), enabled: Boolean(fiscalRuleId) });
