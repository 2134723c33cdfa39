import type { ErrorBody, TImportResult } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { notifyApiError } from '../../../lib/api-errors';

export interface ImportRequest {
  companyId: string;
  ignoreHeader: boolean;
  file: File;
  /** 0–100 while the file is sent; fetch() cannot report upload progress, hence XMLHttpRequest. */
  onProgress?: (percent: number) => void;
}

/** POST /products/import?companyId&ignoreHeader (multipart "file"): counts of the imported file. */
export function importProducts({ companyId, ignoreHeader, file, onProgress }: ImportRequest): Promise<TImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const qs = new URLSearchParams({ companyId, ignoreHeader: String(ignoreHeader) });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/products/import?${qs}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded * 100) / e.total));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as TImportResult);
      const err = new ApiError(xhr.status, body as ErrorBody | undefined);
      notifyApiError(err);
      reject(err);
    };
    xhr.onerror = () => {
      const err = new ApiError(500, undefined);
      notifyApiError(err);
      reject(err);
    };
    xhr.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export function useImportProducts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSettled: () => qc.invalidateQueries({ queryKey: ['products'] }),
  });
}
