import type { TNcmValidity } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /reference/ncm/{code}/validity?date=: whether the NCM is in force on the date. */
export const fetchNcmValidity = (code: string, date?: string) =>
  apiRequest<TNcmValidity>(`/reference/ncm/${code}/validity`, { query: { date }, silent: true, noSpinner: true });

export const ncmValidityQueryOptions = (code: string, date?: string) =>
  queryOptions({
    queryKey: ['reference', 'ncm', 'validity', code, date ?? null],
    queryFn: () => fetchNcmValidity(code, date),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useNcmValidity = (code: string, date?: string) =>
  useQuery({ ...ncmValidityQueryOptions(code, date), enabled: /^\d{8}$/.test(code) });
