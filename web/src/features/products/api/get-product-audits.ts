import type { TProductAuditItem } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /products/{id}/audits: the audit items of an InAudit product (Audit details modal). */
export const fetchProductAudits = (productId: string) =>
  apiRequest<TProductAuditItem[]>(`/products/${encodeURIComponent(productId)}/audits`);

export const productAuditsQueryOptions = (productId: string) =>
  queryOptions({ queryKey: ['products', 'audits', productId], queryFn: () => fetchProductAudits(productId) });

export const useProductAudits = (productId: string | null) =>
  useQuery({ ...productAuditsQueryOptions(productId ?? ''), enabled: !!productId });
