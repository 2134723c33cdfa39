import type { TNamedRuleListItem } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /fiscal-rules?description: named rules whose name contains the text. */
export const fetchNamedRules = (description: string) =>
  apiRequest<TNamedRuleListItem[]>('/fiscal-rules', { query: { description: description || undefined } });

export const namedRulesQueryOptions = (description: string) =>
  queryOptions({
    queryKey: ['fiscal-rules', 'named', description],
    queryFn: () => fetchNamedRules(description),
    placeholderData: keepPreviousData,
  });

export const useNamedRules = (description: string, enabled = true) =>
  useQuery({ ...namedRulesQueryOptions(description), enabled });
