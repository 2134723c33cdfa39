import type { TBindingPreview, TBindingPreviewBody, TBindingUndoResponse, TMessage } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /products/binding/preview: what the binding would change (nothing is written). */
export const previewBinding = (body: TBindingPreviewBody) =>
  apiRequest<TBindingPreview>('/products/binding/preview', { method: 'POST', body });

/** POST /products/binding/{id}/undo: within the session that bound. */
export const undoBinding = (bindingId: string) =>
  apiRequest<TBindingUndoResponse>(`/products/binding/${bindingId}/undo`, { method: 'POST', body: {} });

/** POST /products/binding/none: "Nenhum equivalente" (the product stays Pending; audited). */
export const recordNoEquivalent = (body: { productId: string; searched?: string }) =>
  apiRequest<TMessage>('/products/binding/none', { method: 'POST', body });

export const usePreviewBinding = () => useMutation({ mutationFn: previewBinding });

export const useNoEquivalent = () => useMutation({ mutationFn: recordNoEquivalent });

export function useUndoBinding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: undoBinding,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['products'] });
      void qc.invalidateQueries({ queryKey: ['global-products'] });
      void qc.invalidateQueries({ queryKey: ['pending-products'] });
    },
  });
}
