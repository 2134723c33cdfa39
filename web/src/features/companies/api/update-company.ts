import type { TCompany, ZCompanyUpdate } from '@app/contract';
import type { z } from 'zod';

type TUpdateCompanyInput = z.input<typeof ZCompanyUpdate>;

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PUT /companies/ with the id in the body. */
export const updateCompany = (input: TUpdateCompanyInput) =>
  apiRequest<TCompany>('/companies/', { method: 'PUT', body: input });

export function useUpdateCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['companies'] }),
  });
}
