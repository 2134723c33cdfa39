import type { TDocumentReauditResult } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /products/documents/{id}/reaudit: audits the import again after a product or rule was fixed. */
export function useReauditImport(importId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TDocumentReauditResult>(`/products/documents/${importId}/reaudit`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all(
        ['document-finding-groups', 'document-findings', 'document-import', 'document-imports'].map((k) =>
          client.invalidateQueries({ queryKey: [k] }),
        ),
      ),
  });
}
