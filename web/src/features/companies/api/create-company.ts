import type { TCompany, TCompanyInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /companies. Silent: the form shows 'Erro ao cadastrar empresa, verifique todos os dados!' itself. */
export const createCompany = (input: TCompanyInput) =>
  apiRequest<TCompany>('/companies', { method: 'POST', body: input, silent: true });

export function useCreateCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['companies'] }),
  });
}
