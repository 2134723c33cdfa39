import type { TDocumentImportDetail } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /products/documents/{id}: status, counts (progress while Running) and the problems found. */
export const documentImportQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['document-import', id],
    queryFn: () => apiRequest<TDocumentImportDetail>(`/products/documents/${id}`, { noSpinner: true }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'Queued' || status === 'Running' ? 1500 : false;
    },
  });

export const useDocumentImport = (id: string | null) => useQuery(documentImportQueryOptions(id));
