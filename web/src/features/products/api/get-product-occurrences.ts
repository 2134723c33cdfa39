import type { TProductOccurrence } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface OccurrencesKey {
  companyId: string;
  productId: string;
}

/** GET /products/audits?company&product: the occurrences of a product in Error. */
export const fetchProductOccurrences = ({ companyId, productId }: OccurrencesKey) =>
  apiRequest<TProductOccurrence[]>('/products/audits', { query: { company: companyId, product: productId } });

export const productOccurrencesQueryOptions = (key: OccurrencesKey) =>
  queryOptions({
    queryKey: ['products', 'occurrences', key.companyId, key.productId],
    queryFn: () => fetchProductOccurrences(key),
  });

export const useProductOccurrences = (key: OccurrencesKey | null) =>
  useQuery({ ...productOccurrencesQueryOptions(key ?? { companyId: '', productId: '' }), enabled: !!key });
