import type { TOperationsQueryInput, TOperationsResponse } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /products/fiscalservice/operations: the operations (CFOP, CST/CSOSN, rates) of a product
 * for one operation profile. Silent: the query modal words its own messages (spec 02 §8).
 */
export const queryOperations = (input: TOperationsQueryInput) =>
  apiRequest<TOperationsResponse>('/products/fiscalservice/operations', { method: 'POST', body: input, silent: true });

export const useQueryOperations = () => useMutation({ mutationFn: queryOperations });
