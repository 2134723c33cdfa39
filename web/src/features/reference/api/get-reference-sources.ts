import type { TReferenceSource } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /reference/sources: source, "as of" date, load time and row count of each official table. */
export const fetchReferenceSources = () => apiRequest<TReferenceSource[]>('/reference/sources');

export const referenceSourcesQueryOptions = () =>
  queryOptions({ queryKey: ['reference', 'sources'], queryFn: fetchReferenceSources });

export const useReferenceSources = (enabled = true) => useQuery({ ...referenceSourcesQueryOptions(), enabled });
