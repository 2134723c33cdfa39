import type { TNcmDetail } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/**
 * GET /reference/ncm/{code}: description, full description and validity on `date` (today when
 * omitted). Silent: an unknown code is shown next to the field, not as a toast.
 */
export const fetchNcm = (code: string, date?: string) =>
  apiRequest<TNcmDetail>(`/reference/ncm/${code}`, { query: { date }, silent: true, noSpinner: true });

export const ncmQueryOptions = (code: string, date?: string) =>
  queryOptions({
    queryKey: ['reference', 'ncm', 'detail', code, date ?? null],
    queryFn: () => fetchNcm(code, date),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Asks only for complete eight-digit codes. `error` is an ApiError (404 = not in the official table). */
export const useNcm = (code: string, date?: string) =>
  useQuery({ ...ncmQueryOptions(code, date), enabled: /^\d{8}$/.test(code) });

export const isNcmNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
