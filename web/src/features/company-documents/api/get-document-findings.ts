import type { TDocumentFindingFilters, TDocumentWorklistPage } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The screen's filters as the API takes them (empty values left out). */
export type FindingFilters = Omit<TDocumentFindingFilters, 'group'>;

export const filtersQuery = (f: FindingFilters) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

export interface FindingsQuery {
  importId: string | null;
  filters: FindingFilters;
  /** One group's items (the grouped view opens a row). */
  group?: string;
  page: number;
  pageSize: number;
  /** Only findings once the import is done (the counts are final then). */
  enabled: boolean;
}

/** GET /products/documents/{id}/findings: one page of findings (with description, NCM, CFOP, date) and the summary. */
export const documentFindingsQueryOptions = (q: FindingsQuery) =>
  queryOptions({
    queryKey: ['document-findings', q.importId, q.filters, q.group ?? null, q.page, q.pageSize],
    queryFn: () =>
      apiRequest<TDocumentWorklistPage>(`/products/documents/${q.importId}/findings`, {
        query: { ...filtersQuery(q.filters), group: q.group, page: q.page, pageSize: q.pageSize },
        noSpinner: true,
      }),
    enabled: q.importId !== null && q.enabled,
    placeholderData: keepPreviousData,
  });

export const useDocumentFindings = (q: FindingsQuery) => useQuery(documentFindingsQueryOptions(q));
