import type { TSimulationProductYears } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /transition-simulations/{id}/products/{productId}: the product's years with the memória. */
export const fetchProductYears = (id: string, productId: string) =>
  apiRequest<TSimulationProductYears>(`/transition-simulations/${id}/products/${productId}`);

export const productYearsQueryOptions = (id: string, productId: string | null) =>
  queryOptions({
    queryKey: ['transition-simulations', 'product', id, productId],
    queryFn: () => fetchProductYears(id, productId!),
    enabled: !!productId,
  });

export const useProductYears = (id: string, productId: string | null) =>
  useQuery(productYearsQueryOptions(id, productId));
