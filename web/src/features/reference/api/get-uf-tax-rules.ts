import type { TUfTaxRule } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /tax/uf-rules: what differs by state (DIFAL method, relief formula, cBenef), with source and validity. */
export const fetchUfTaxRules = () => apiRequest<TUfTaxRule[]>('/tax/uf-rules', { noSpinner: true });

export const ufTaxRulesQueryOptions = () =>
  queryOptions({ queryKey: ['reference', 'uf-tax-rules'], queryFn: fetchUfTaxRules, staleTime: 5 * 60_000 });

export const useUfTaxRules = (enabled: boolean) => useQuery({ ...ufTaxRulesQueryOptions(), enabled });
