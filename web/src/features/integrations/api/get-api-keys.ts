import type { TApiKey } from '@app/contract/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api-keys: live keys (never the key itself), of one company when given. */
export const fetchApiKeys = (companyId?: string) => apiRequest<TApiKey[]>('/api-keys', { query: { companyId } });

export const apiKeysQueryOptions = (companyId?: string) =>
  queryOptions({ queryKey: ['integrations', 'keys', companyId ?? 'all'], queryFn: () => fetchApiKeys(companyId) });

export const useApiKeys = (companyId?: string) => useQuery(apiKeysQueryOptions(companyId));
