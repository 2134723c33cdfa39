import type { TDocumentFindingKind, TDocumentFindingsPage } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const FINDINGS_PAGE_SIZE = 25;

export interface FindingsQuery {
  importId: string | null;
  kind: TDocumentFindingKind | null;
  page: number;
  /** Only findings once the import is done (the counts are final then). */
  enabled: boolean;
}

/** GET /products/documents/{id}/findings: one page of findings and the summary by kind in R$. */
export const documentFindingsQueryOptions = (q: FindingsQuery) =>
  queryOptions({
    queryKey: ['document-findings', q.importId, q.kind, q.page],
    queryFn: () =>
      apiRequest<TDocumentFindingsPage>(`/products/documents/${q.importId}/findings`, {
        query: { kind: q.kind, page: q.page, pageSize: FINDINGS_PAGE_SIZE },
        noSpinner: true,
      }),
    enabled: q.importId !== null && q.enabled,
    placeholderData: keepPreviousData,
  });

export const useDocumentFindings = (q: FindingsQuery) => useQuery(documentFindingsQueryOptions(q));
