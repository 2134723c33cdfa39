import type { TReformRate, TReformRateUpdate } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ReformRateUpdate extends TReformRateUpdate {
  tax: TReformRate['tax'];
  validFrom: string;
}

/** PUT /tax/reform-rates/:tax/:validFrom: the Admin's value for an estimate (null restores the file's). */
export const updateReformRate = ({ tax, validFrom, ...body }: ReformRateUpdate) =>
  apiRequest<TReformRate>(`/tax/reform-rates/${tax}/${validFrom}`, { method: 'PUT', body, silent: true });

export function useUpdateReformRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateReformRate,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['reference', 'reform-rates'] }),
  });
}
