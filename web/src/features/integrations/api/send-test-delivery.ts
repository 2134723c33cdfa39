import type { TWebhookDelivery } from '@app/contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /webhooks/{id}/test: a 'webhook.test' message. */
export const sendTestDelivery = (webhookId: string) =>
  apiRequest<TWebhookDelivery>(`/webhooks/${webhookId}/test`, { method: 'POST' });

export function useSendTestDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendTestDelivery,
    onSuccess: (_d, webhookId) => client.invalidateQueries({ queryKey: ['integrations', 'deliveries', webhookId] }),
  });
}
