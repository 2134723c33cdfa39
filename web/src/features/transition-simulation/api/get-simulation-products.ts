import type { TSimulationProductsPage } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const SIMULATION_PAGE_SIZE = 10;

/** GET /transition-simulations/{id}/products: the products whose load rises most first. */
export const fetchSimulationProducts = (id: string, page: number) =>
  apiRequest<TSimulationProductsPage>(`/transition-simulations/${id}/products`, {
    query: { page, pageSize: SIMULATION_PAGE_SIZE },
    noSpinner: true,
  });

export const simulationProductsQueryOptions = (id: string | null, page: number) =>
  queryOptions({
    queryKey: ['transition-simulations', 'products', id, page],
    queryFn: () => fetchSimulationProducts(id!, page),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });

export const useSimulationProducts = (id: string | null, page: number) =>
  useQuery(simulationProductsQueryOptions(id, page));
