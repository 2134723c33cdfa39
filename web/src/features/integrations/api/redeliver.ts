import type { TWebhookDelivery } from '@app/contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** POST /webhooks/{id}/deliveries/{deliveryId}/redeliver: "Reenviar". */
export const redeliver = ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
  apiRequest<TWebhookDelivery>(`/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`, { method: 'POST' });

export function useRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeliver,
    onSuccess: (_d, v) => {
      notify('success', 'Reenvio agendado.');
      return client.invalidateQueries({ queryKey: ['integrations', 'deliveries', v.webhookId] });
    },
  });
}
