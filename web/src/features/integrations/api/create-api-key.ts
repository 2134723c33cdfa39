import type { TApiKeyCreateBody, TApiKeyCreated } from '@app/contract/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api-keys: the key comes back once. */
export const createApiKey = (body: TApiKeyCreateBody) =>
  apiRequest<TApiKeyCreated>('/api-keys', { method: 'POST', body });

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: ['integrations', 'keys'] }),
  });
}
