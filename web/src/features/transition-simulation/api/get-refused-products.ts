import type { TSimulationProductsPage } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The most refused products the screen lists at once; the rest are counted and in the XLSX. */
export const REFUSED_PAGE_SIZE = 50;

/** GET /transition-simulations/{id}/products?recusados=true: the products the engine refused, with the reason. */
export const fetchRefusedProducts = (id: string) =>
  apiRequest<TSimulationProductsPage>(`/transition-simulations/${id}/products`, {
    query: { recusados: 'true', pageSize: REFUSED_PAGE_SIZE },
    noSpinner: true,
  });

export const refusedProductsQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['transition-simulations', 'refused', id],
    queryFn: () => fetchRefusedProducts(id!),
    enabled: !!id,
  });

export const useRefusedProducts = (id: string | null) => useQuery(refusedProductsQueryOptions(id));
