import type { TDashboard } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /users/partners/dashboard. Silent: the screen shows the dashboard's own error toast (spec 01 §8). */
export const fetchDashboard = () => apiRequest<TDashboard>('/users/partners/dashboard', { silent: true });

export const dashboardQueryOptions = () => queryOptions({ queryKey: ['dashboard'], queryFn: fetchDashboard });

export const useDashboard = () => useQuery(dashboardQueryOptions());
