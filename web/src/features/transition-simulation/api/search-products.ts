import type { TProductListResponse } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /products: the company's classified products whose description has the text (the selection picker). */
export const searchClassifiedProducts = (companyId: string, text: string) =>
  apiRequest<TProductListResponse>('/products', {
    query: { companyId, text, field: 'description', classified: true, finished: true, page: 1 },
    noSpinner: true,
    silent: true,
  });

export const classifiedProductsQueryOptions = (companyId: string | null, text: string) =>
  queryOptions({
    queryKey: ['transition-simulations', 'pick', companyId, text],
    queryFn: () => searchClassifiedProducts(companyId!, text),
    enabled: !!companyId,
    placeholderData: keepPreviousData,
  });

export const useClassifiedProducts = (companyId: string | null, text: string) =>
  useQuery(classifiedProductsQueryOptions(companyId, text));
