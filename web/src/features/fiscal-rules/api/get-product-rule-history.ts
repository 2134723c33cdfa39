import type { TRuleHistoryItem } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /fiscal-rules/products/{productId}/historic: dated rule versions the product has had. */
export const fetchProductRuleHistory = (productId: string) =>
  apiRequest<TRuleHistoryItem[]>(`/fiscal-rules/products/${encodeURIComponent(productId)}/historic`);

export const productRuleHistoryQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['fiscal-rules', 'product-history', productId],
    queryFn: () => fetchProductRuleHistory(productId),
  });

export const useProductRuleHistory = (productId: string | undefined) =>
  useQuery({ ...productRuleHistoryQueryOptions(productId ?? ''), enabled: Boolean(productId) });
