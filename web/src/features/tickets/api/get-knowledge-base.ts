import type { TKnowledgeBaseTicket } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /tickets/{gtin}/knowledge-base: related tickets of the product's GTIN, with knowledge-base comments. */
export const fetchKnowledgeBase = (gtin: string) =>
  apiRequest<TKnowledgeBaseTicket[]>(`/tickets/${encodeURIComponent(gtin)}/knowledge-base`, {
    silent: true,
    noSpinner: true,
  });

export const knowledgeBaseQueryOptions = (gtin: string) =>
  queryOptions({ queryKey: ['tickets', 'knowledge-base', gtin], queryFn: () => fetchKnowledgeBase(gtin) });

export const useKnowledgeBase = (gtin: string | null | undefined) =>
  useQuery({ ...knowledgeBaseQueryOptions(gtin ?? ''), enabled: !!gtin });
