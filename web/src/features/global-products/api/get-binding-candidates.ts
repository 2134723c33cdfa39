import type { TFiscalServiceResponse } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface BindingCandidatesKey {
  productId: string;
  productDescription: string;
}

/** GET /products/fiscalservice: global products to bind a product to (its company's UF). */
export const fetchBindingCandidates = (key: BindingCandidatesKey) =>
  apiRequest<TFiscalServiceResponse>('/products/fiscalservice', { query: { ...key } });

export const bindingCandidatesQueryOptions = (key: BindingCandidatesKey) =>
  queryOptions({
    queryKey: ['global-products', 'fiscalservice', key.productId, key.productDescription],
    queryFn: () => fetchBindingCandidates(key),
  });

export const useBindingCandidates = (key: BindingCandidatesKey | null) =>
  useQuery({
    ...bindingCandidatesQueryOptions(key ?? { productId: '', productDescription: '' }),
    enabled: !!key?.productId && !!key.productDescription.trim(),
  });
