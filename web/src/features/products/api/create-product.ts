import type { TProductCreateBody, TProductCreateResponse } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /products: registers (or updates, by internal code) products; each answers its creationState. */
export const createProducts = (body: TProductCreateBody) =>
  apiRequest<TProductCreateResponse>('/products', { method: 'POST', body });

export const useCreateProducts = () => useMutation({ mutationFn: createProducts });
