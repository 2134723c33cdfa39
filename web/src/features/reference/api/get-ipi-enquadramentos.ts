import type { TIpiEnquadramentoItem } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /reference/ipi-enquadramento: IPI legal framework codes (cEnq). */
export const fetchIpiEnquadramentos = () => apiRequest<TIpiEnquadramentoItem[]>('/reference/ipi-enquadramento');

export const ipiEnquadramentosQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'ipi-enquadramento'],
    queryFn: fetchIpiEnquadramentos,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useIpiEnquadramentos = (enabled = true) => useQuery({ ...ipiEnquadramentosQueryOptions(), enabled });
