import type { TProductListQuery, TProductListResponse } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

export type ProductsQuery = Omit<TProductListQuery, 'page'> & { page: number };

/** GET /products: one page (25) of the company's products with the search options. */
export async function fetchProducts(query: ProductsQuery): Promise<TProductListResponse> {
  try {
    return await apiRequest<TProductListResponse>('/products', { query: { ...query }, silent: true });
  } catch (err) {
    // spec 02 §8: any failure of the list reads the same to the user.
    notify('error', 'Erro interno ao tentar listar produtos, verifique!');
    throw err;
  }
}

export const productsQueryOptions = (query: ProductsQuery) =>
  queryOptions({
    queryKey: ['products', 'list', query],
    queryFn: () => fetchProducts(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useProducts = (query: ProductsQuery) => useQuery(productsQueryOptions(query));
