import type { TTransitionYearsComputed } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /tax/transition/years: the years the engine computes today (the form offers only these). */
export const fetchTransitionYears = () =>
  apiRequest<TTransitionYearsComputed>('/tax/transition/years', { noSpinner: true });

export const transitionYearsQueryOptions = () =>
  queryOptions({ queryKey: ['transition-years'], queryFn: fetchTransitionYears, staleTime: Number.POSITIVE_INFINITY });

export const useTransitionYears = () => useQuery(transitionYearsQueryOptions());
