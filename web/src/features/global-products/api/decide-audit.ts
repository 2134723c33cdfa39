import type { TAuditComparison, TMessage } from '@app/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /products/{id}/audit: the product beside the global product it was bound to (staff). */
export const fetchAuditComparison = (productId: string) =>
  apiRequest<TAuditComparison>(`/products/${encodeURIComponent(productId)}/audit`);

export const auditComparisonQueryOptions = (productId: string) =>
  queryOptions({ queryKey: ['products', 'audit', productId], queryFn: () => fetchAuditComparison(productId) });

export const useAuditComparison = (productId: string | null) =>
  useQuery({ ...auditComparisonQueryOptions(productId ?? ''), enabled: !!productId });

/** POST /products/{id}/audit/approve | return {reason}. */
export const decideAudit = (input: { productId: string; decision: 'approve' | 'return'; reason?: string }) =>
  apiRequest<TMessage>(`/products/${encodeURIComponent(input.productId)}/audit/${input.decision}`, {
    method: 'POST',
    body: input.decision === 'return' ? { reason: input.reason ?? '' } : {},
  });

export function useDecideAudit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: decideAudit,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['products'] }),
  });
}
