import type { TNcmItem } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /reference/ncm: eight-digit NCMs by code prefix (digits/dots) or by words, ranked. */
export const searchNcm = (q: string, limit = 20, signal?: AbortSignal) =>
  apiRequest<TNcmItem[]>('/reference/ncm', { query: { q, limit }, signal, noSpinner: true });

export const searchNcmQueryOptions = (q: string, limit = 20) =>
  queryOptions({
    queryKey: ['reference', 'ncm', 'search', q, limit],
    queryFn: ({ signal }) => searchNcm(q, limit, signal),
    // The official table changes a few times a year: a search result stays good for the session.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Searches once the text has 2 characters; the previous list stays while the next one loads. */
export const useSearchNcm = (q: string, limit = 20) =>
  useQuery({
    ...searchNcmQueryOptions(q.trim(), limit),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
