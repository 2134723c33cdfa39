import type { TProductRuleDetails } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ProductRuleDetailsKey {
  fiscalRuleId: string;
  productId?: string;
  /** ISO date-time of a past version; undefined = the current rule. */
  validity?: string;
}

/** GET /fiscal-rules/{id}/details?productId&validity: the rule as it applies to a product. */
export const fetchProductRuleDetails = ({ fiscalRuleId, productId, validity }: ProductRuleDetailsKey) =>
  apiRequest<TProductRuleDetails>(`/fiscal-rules/${encodeURIComponent(fiscalRuleId)}/details`, {
    query: { productId, validity },
  });

export const productRuleDetailsQueryOptions = (key: ProductRuleDetailsKey) =>
  queryOptions({
    queryKey: ['fiscal-rules', 'product-details', key.fiscalRuleId, key.productId ?? '', key.validity ?? ''],
    queryFn: () => fetchProductRuleDetails(key),
  });

export const useProductRuleDetails = (key: ProductRuleDetailsKey | null) =>
  useQuery({
    ...productRuleDetailsQueryOptions(key ?? { fiscalRuleId: '' }),
    enabled: key !== null && key.fiscalRuleId !== '',
  });
