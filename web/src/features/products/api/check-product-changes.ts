import type { TChangeCheckResult } from '@app/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /products/fiscalservice/consult: the change check of the company; the answer is shown as info. */
export const checkProductChanges = (companyId: string) =>
  apiRequest<TChangeCheckResult>('/products/fiscalservice/consult', { query: { company: companyId } });
