import type { TDocumentFindingGroupsPage } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type FindingFilters, filtersQuery } from './get-document-findings';

export interface GroupsQuery {
  importId: string | null;
  filters: FindingFilters;
  page: number;
  pageSize: number;
  enabled: boolean;
}

/** GET /products/documents/{id}/findings?groupBy=causa: the worklist, one row per cause, with its status. */
export const findingGroupsQueryOptions = (q: GroupsQuery) =>
  queryOptions({
    queryKey: ['document-finding-groups', q.importId, q.filters, q.page, q.pageSize],
    queryFn: () =>
      apiRequest<TDocumentFindingGroupsPage>(`/products/documents/${q.importId}/findings`, {
        query: { ...filtersQuery(q.filters), groupBy: 'causa', page: q.page, pageSize: q.pageSize },
        noSpinner: true,
      }),
    enabled: q.importId !== null && q.enabled,
    placeholderData: keepPreviousData,
  });

export const useFindingGroups = (q: GroupsQuery) => useQuery(findingGroupsQueryOptions(q));
