import type { TDocumentFindingGroupStatusBody, TDocumentGroupStatusInfo } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PUT /products/documents/{id}/finding-groups/{key}: the group's status (Ignorado with its reason). */
export function useSetFindingGroupStatus(importId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: TDocumentFindingGroupStatusBody & { key: string }) =>
      apiRequest<TDocumentGroupStatusInfo>(`/products/documents/${importId}/finding-groups/${key}`, {
        method: 'PUT',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['document-finding-groups', importId] }),
  });
}
