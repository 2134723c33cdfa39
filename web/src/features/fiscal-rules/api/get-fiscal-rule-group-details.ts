import type { TFiscalRuleGroupDetails } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface GroupKey {
  ncm: string;
  cest: string | null;
}

/** GET /fiscal-rules/details?ncm&cest: every rule (base and named, every UF) of one group. */
export const fetchFiscalRuleGroupDetails = ({ ncm, cest }: GroupKey) =>
  apiRequest<TFiscalRuleGroupDetails>('/fiscal-rules/details', { query: { ncm, cest: cest ?? undefined } });

export const fiscalRuleGroupDetailsQueryOptions = (key: GroupKey) =>
  queryOptions({
    queryKey: ['fiscal-rules', 'group-details', key.ncm, key.cest ?? ''],
    queryFn: () => fetchFiscalRuleGroupDetails(key),
  });

export const useFiscalRuleGroupDetails = (key: GroupKey | null) =>
  useQuery({
    ...fiscalRuleGroupDetailsQueryOptions(key ?? { ncm: '', cest: null }),
    enabled: key !== null,
  });
