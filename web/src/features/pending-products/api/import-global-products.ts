import type { TGlobalImportResult } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, downloadFile } from '../../../lib/api-client';

/** POST /products/global/import (multipart, field file). */
export function importGlobalProducts(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<TGlobalImportResult>('/products/global/import', { method: 'POST', body: form });
}

export function useImportGlobalProducts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importGlobalProducts,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['pending-products'] }),
  });
}

export const downloadGlobalImportErrors = (importId: string) =>
  downloadFile(`/products/global/import/${importId}/errors`, undefined, `base_global_${importId}_erros.csv`);
