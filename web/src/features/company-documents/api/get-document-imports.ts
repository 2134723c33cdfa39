import type { TDocumentImport } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const isRunning = (i: TDocumentImport) => i.status === 'Queued' || i.status === 'Running';

/** GET /products/documents?companyId: the company's imports, newest first; polled while one runs. */
export const documentImportsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['document-imports', companyId],
    queryFn: () => apiRequest<TDocumentImport[]>('/products/documents', { query: { companyId }, noSpinner: true }),
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? 1500 : false),
  });

export const useDocumentImports = (companyId: string) => useQuery(documentImportsQueryOptions(companyId));
