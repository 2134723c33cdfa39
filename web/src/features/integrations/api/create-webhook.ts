import type { TWebhookCreateBody, TWebhookCreated } from '@app/contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /webhooks: the secret comes back once. */
export const createWebhook = (body: TWebhookCreateBody) =>
  apiRequest<TWebhookCreated>('/webhooks', { method: 'POST', body });

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: ['integrations', 'webhooks'] }),
  });
}
