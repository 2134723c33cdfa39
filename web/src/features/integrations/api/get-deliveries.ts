import type { TWebhookDelivery } from '@app/contract/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /webhooks/{id}/deliveries: the latest 100. */
export const fetchDeliveries = (webhookId: string) =>
  apiRequest<TWebhookDelivery[]>(`/webhooks/${webhookId}/deliveries`, { noSpinner: true });

export const deliveriesQueryOptions = (webhookId: string) =>
  queryOptions({
    queryKey: ['integrations', 'deliveries', webhookId],
    queryFn: () => fetchDeliveries(webhookId),
    // While a delivery waits for its attempt, look again every 2 s.
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'Pending') ? 2000 : false),
  });

export const useDeliveries = (webhookId: string) => useQuery(deliveriesQueryOptions(webhookId));
