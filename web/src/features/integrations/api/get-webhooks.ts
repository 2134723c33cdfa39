import type { TWebhook } from '@app/contract/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /webhooks: of one company when given, else of every company the caller manages. */
export const fetchWebhooks = (companyId?: string) => apiRequest<TWebhook[]>('/webhooks', { query: { companyId } });

export const webhooksQueryOptions = (companyId?: string) =>
  queryOptions({ queryKey: ['integrations', 'webhooks', companyId ?? 'all'], queryFn: () => fetchWebhooks(companyId) });

export const useWebhooks = (companyId?: string) => useQuery(webhooksQueryOptions(companyId));
