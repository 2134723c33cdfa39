import type { TGlobalIntegratorQuery, TIntegratorProductPage, TProductRuleDetails } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

export type IntegratorQuery = TGlobalIntegratorQuery & { page: number };

/** GET /products/globalintegrator; a failure shows the server's message as a warning (spec 02 §8). */
export async function fetchIntegratorProducts(query: IntegratorQuery): Promise<TIntegratorProductPage> {
  try {
    return await apiRequest<TIntegratorProductPage>('/products/globalintegrator', {
      query: { ...query },
      silent: true,
      noSpinner: true,
    });
  } catch (err) {
    notify('warning', err instanceof ApiError ? err.message : 'Erro ao comunicar-se com o servidor');
    throw err;
  }
}

export const integratorProductsQueryOptions = (query: IntegratorQuery) =>
  queryOptions({
    queryKey: ['global-products', 'integrator', query],
    queryFn: () => fetchIntegratorProducts(query),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useIntegratorProducts = (query: IntegratorQuery | null) =>
  useQuery({ ...integratorProductsQueryOptions(query ?? { uf: 'SP', text: '', page: 1 }), enabled: query !== null });

export interface IntegratorDetailsKey {
  productCode: string;
  ruleCode?: string | null;
  exceptionCode?: string | null;
  uf: string;
  companyId?: string;
}

/** GET /products/globalintegratordetails: the rule of an integrator product in a UF. */
export const useIntegratorDetails = (key: IntegratorDetailsKey | null) =>
  useQuery({
    queryKey: ['global-products', 'integrator-details', key],
    queryFn: () =>
      apiRequest<TProductRuleDetails>('/products/globalintegratordetails', {
        query: { ...key, ruleCode: key?.ruleCode ?? undefined, exceptionCode: key?.exceptionCode ?? undefined },
        silent: true,
      }),
    enabled: key !== null,
  });
