import type { TImportHistoryRow } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /products/importhistory?companyId: earlier imports of the company, newest first. */
export const fetchImportHistory = (companyId: string) =>
  apiRequest<TImportHistoryRow[]>('/products/importhistory', { query: { companyId } });

export const importHistoryQueryOptions = (companyId: string) =>
  queryOptions({ queryKey: ['products', 'import-history', companyId], queryFn: () => fetchImportHistory(companyId) });

export const useImportHistory = (companyId: string) => useQuery(importHistoryQueryOptions(companyId));
